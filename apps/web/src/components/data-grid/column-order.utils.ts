// Moves one column next to another (a header dropped on a header, a row of the Columns tool
// dropped on another): before it, or after it when dropped on its right half.
export function moveColumnTo(
  order: readonly string[],
  movedId: string,
  targetId: string,
  isAfter: boolean,
): string[] {
  if (movedId === targetId || !order.includes(movedId) || !order.includes(targetId)) return [...order];
  const without = order.filter((id) => id !== movedId);
  const targetIndex = without.indexOf(targetId);
  without.splice(isAfter ? targetIndex + 1 : targetIndex, 0, movedId);
  return without;
}

// Pinned columns show in the grid's column order (see orderPinning), not in pinning order.
export function togglePin(
  pinning: { left: string[]; right: string[] },
  id: string,
  pin: 'left' | 'right' | null,
): { left: string[]; right: string[] } {
  const left = pinning.left.filter((candidate) => candidate !== id);
  const right = pinning.right.filter((candidate) => candidate !== id);
  if (pin === 'left') left.push(id);
  if (pin === 'right') right.push(id);
  return { left, right };
}

export function orderPinning(
  pinning: { left: string[]; right: string[] },
  order: readonly string[],
): { left: string[]; right: string[] } {
  const rank = new Map(order.map((id, index) => [id, index]));
  const byOrder = (a: string, b: string) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  return { left: [...pinning.left].sort(byOrder), right: [...pinning.right].sort(byOrder) };
}
