// Drawn rows keep a slot (their React key) while they stay in view; a row scrolling in takes the slot
// of one that scrolled out, so its DOM nodes are reused with new text instead of being built and
// styled from scratch on every frame. Slot numbers stay below the largest number of rows drawn.
export function assignRowSlots(
  previous: ReadonlyMap<number, number>,
  indices: readonly number[],
): Map<number, number> {
  const next = new Map<number, number>();
  const used = new Set<number>();
  for (const index of indices) {
    const slot = previous.get(index);
    if (slot === undefined) continue;
    next.set(index, slot);
    used.add(slot);
  }
  const free = [...previous.values()].filter((slot) => !used.has(slot)).sort((a, b) => b - a);
  let fresh = previous.size === 0 ? 0 : Math.max(...previous.values()) + 1;
  for (const index of indices) {
    if (next.has(index)) continue;
    const slot = free.pop() ?? fresh++;
    next.set(index, slot);
  }
  return next;
}
