import {
  GridConfigErrorCode,
  GridConfigText,
  type GridLayout,
  GridLayoutText,
  layoutNamesFor,
  maxSavedGridLayouts,
  NAMED_LAYOUT_SEPARATOR,
  type StoredGridLayout,
  storedGridLayoutSchema,
} from '@portico/contracts/grid/grid-layout';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import {
  countGridConfigs,
  deleteGridConfig,
  findGridConfig,
  listGridConfigKeysWithPrefix,
  upsertGridConfig,
} from './grid-config.repository';

export const GridConfigError = defineErrors({
  NameRequired: [GridConfigErrorCode.NameRequired, 'validation'],
  TooManyLayouts: [GridConfigErrorCode.TooManyLayouts, 'business_rule'],
});

type Log = { warn(details: object, message: string): void };

// The stored value as saved (v2 layout or the original portal's bare array), or null.
export async function readGridLayout(
  db: Db,
  userId: string,
  key: string,
  log: Log,
): Promise<StoredGridLayout | null> {
  const row = await findGridConfig(db, userId, key);
  if (!row) return null;
  const parsed = storedGridLayoutSchema.safeParse(row.layout);
  if (parsed.success) return parsed.data;
  // A layout the grid can no longer read is as good as none; the next save replaces it.
  log.warn({ key }, 'stored grid layout does not match the layout schema');
  return null;
}

// A named layout needs a name ('{key}___' alone is not one).
function hasEmptyName(key: string): boolean {
  return key.endsWith(NAMED_LAYOUT_SEPARATOR);
}

// A null layout deletes the key.
export async function saveGridLayout(
  db: Db,
  userId: string,
  key: string,
  layout: GridLayout | null,
): Promise<void> {
  if (layout === null) {
    await deleteGridConfig(db, userId, key);
    return;
  }
  if (hasEmptyName(key)) throw GridConfigError.NameRequired(GridLayoutText.NameRequired);
  await db.transaction(async (tx) => {
    const existing = await findGridConfig(tx, userId, key);
    if (!existing && (await countGridConfigs(tx, userId)) >= maxSavedGridLayouts) {
      throw GridConfigError.TooManyLayouts(GridConfigText.TooManyLayouts);
    }
    await upsertGridConfig(tx, userId, key, layout);
  });
}

export async function listGridLayoutNames(db: Db, userId: string, key: string): Promise<string[]> {
  const keys = await listGridConfigKeysWithPrefix(db, userId, `${key}${NAMED_LAYOUT_SEPARATOR}`);
  return layoutNamesFor(key, keys);
}
