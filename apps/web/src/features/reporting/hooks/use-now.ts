import { useEffect, useState } from 'react';

// The current time, renewed every intervalMs: the Void button goes away when the Eastern day ends
// without a reload.
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
