import { GridLayoutText, gridConfigKeyParams, namedLayoutKey } from '@portico/contracts/grid/grid-layout';
import { ApiError } from '../../../lib/api-client';

// Short texts of the layouts bar; the product gives none beyond 'Field is required'.
export const GridLayoutsText = {
  NameRequired: GridLayoutText.NameRequired,
  NameTaken: 'A layout with this name already exists',
  Saved: 'Layout saved',
  Loaded: 'Layout loaded',
  Deleted: 'Layout deleted',
  NotFound: 'No saved layout',
  Failed: 'Something went wrong',
} as const;

// What stops a new named layout from being created, or null. The name is trimmed first; the full
// key must pass the server's own key rule (contracts gridConfigKeyParams), so a bad name is caught
// here rather than answered with a 400.
export function newLayoutNameError(
  configKey: string,
  name: string,
  savedNames: readonly string[],
): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return GridLayoutsText.NameRequired;
  if (savedNames.includes(trimmed)) return GridLayoutsText.NameTaken;
  const key = gridConfigKeyParams.shape.key.safeParse(namedLayoutKey(configKey, trimmed));
  if (key.success) return null;
  const maxNameLength = gridConfigKeyParams.shape.key.maxLength ?? 0;
  if (namedLayoutKey(configKey, trimmed).length > maxNameLength) {
    return `Use at most ${Math.max(0, maxNameLength - namedLayoutKey(configKey, '').length)} characters`;
  }
  return key.error.issues[0]?.message ?? GridLayoutsText.Failed;
}

// A business-rule refusal (422: the layout limit) says what happened; anything else stays generic.
export function layoutFailureText(error: unknown): string {
  return error instanceof ApiError && error.httpStatus === 422 ? error.message : GridLayoutsText.Failed;
}
