// A pure function of a string remembered for its last `size` distinct arguments (least recently used
// out first): for decoding the same text again and again, as every payer of one link sends the same
// params. Only for results nobody changes (the payment frame's params are read, never written).
export function boundedMemo<T>(size: number, compute: (key: string) => T): (key: string) => T {
  const remembered = new Map<string, T>();
  return (key) => {
    const known = remembered.get(key);
    if (known !== undefined) {
      // The Map keeps insertion order: moved to the end, it is the newest.
      remembered.delete(key);
      remembered.set(key, known);
      return known;
    }
    const value = compute(key);
    remembered.set(key, value);
    if (remembered.size > size) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    return value;
  };
}
