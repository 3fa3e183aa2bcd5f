// At most `size` values by key, the least recently used out first (a Map keeps insertion order: a
// value read or written is moved to the end, the newest).
export type BoundedCache<T> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): void;
};

export function boundedCache<T>(size: number): BoundedCache<T> {
  const remembered = new Map<string, T>();
  return {
    get(key) {
      const known = remembered.get(key);
      if (known !== undefined) {
        remembered.delete(key);
        remembered.set(key, known);
      }
      return known;
    },
    set(key, value) {
      remembered.delete(key);
      remembered.set(key, value);
      if (remembered.size > size) {
        const oldest = remembered.keys().next();
        if (!oldest.done) remembered.delete(oldest.value);
      }
    },
    delete(key) {
      remembered.delete(key);
    },
  };
}

// A pure function of a string remembered for its last `size` distinct arguments: for decoding the
// same text again and again, as every payer of one link sends the same params. Only for results
// nobody changes (the payment frame's params are read, never written).
export function boundedMemo<T>(size: number, compute: (key: string) => T): (key: string) => T {
  const cache = boundedCache<T>(size);
  return (key) => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}
