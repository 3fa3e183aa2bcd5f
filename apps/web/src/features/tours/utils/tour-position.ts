export type Box = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };

const GAP = 12;
const MARGIN = 16;

function clamp(value: number, min: number, max: number) {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

// Where the step's card goes: beside its target (right of it, else below, else above), never off
// screen; in the middle of the screen when the step has no target on screen.
export function tourCardPosition(
  target: Box | null,
  card: Size,
  viewport: Size,
): { top: number; left: number } {
  const maxLeft = viewport.width - card.width - MARGIN;
  const maxTop = viewport.height - card.height - MARGIN;
  if (!target) {
    return {
      top: clamp((viewport.height - card.height) / 2, MARGIN, maxTop),
      left: clamp((viewport.width - card.width) / 2, MARGIN, maxLeft),
    };
  }
  const rightOfTarget = target.left + target.width + GAP;
  if (rightOfTarget + card.width + MARGIN <= viewport.width) {
    return { top: clamp(target.top, MARGIN, maxTop), left: rightOfTarget };
  }
  const below = target.top + target.height + GAP;
  if (below + card.height + MARGIN <= viewport.height) {
    return { top: below, left: clamp(target.left + target.width - card.width, MARGIN, maxLeft) };
  }
  return {
    top: clamp(target.top - card.height - GAP, MARGIN, maxTop),
    left: clamp(target.left, MARGIN, maxLeft),
  };
}

// A target counts only when it is laid out and wholly within the screen's width: the sidebar slid
// away at phone width is still laid out, just off to the left.
export function isOnScreen(box: Box, viewport: Size): boolean {
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.left >= -1 &&
    box.left + box.width <= viewport.width + 1 &&
    box.top < viewport.height &&
    box.top + box.height > 0
  );
}
