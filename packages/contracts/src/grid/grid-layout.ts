import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Saved grid layouts and the grid-config calls. A layout is the grid's own state,
// stored as the user saved it; the grid ignores column ids it no longer has.

export const gridColumnStateSchema = z.object({
  colId: z.string().min(1).max(200),
  width: z.number().positive().max(5000).optional(),
  hide: z.boolean().optional(),
  pinned: z.enum(['left', 'right']).nullable().optional(),
  // Position in the grid's column order is the position in the array.
  rowGroupIndex: z.number().int().min(0).nullable().optional(),
  aggFunc: z.enum(['sum', 'avg', 'count', 'min', 'max']).nullable().optional(),
});
export type GridColumnState = z.infer<typeof gridColumnStateSchema>;

export const gridSortModelSchema = z.array(
  z.object({ colId: z.string().min(1).max(200), sort: z.enum(['asc', 'desc']) }),
);
export type GridSortModel = z.infer<typeof gridSortModelSchema>;

// One filter per column id, in the shape of the column's filter kind.
export const gridColumnFilterSchema = z.discriminatedUnion('filterType', [
  z.object({ filterType: z.literal('text'), value: z.string().max(1000) }),
  z.object({
    filterType: z.literal('number'),
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
  }),
  z.object({
    filterType: z.literal('date'),
    // yyyy-mm-dd, inclusive on both ends, in the user's timezone.
    from: z.iso.date().nullable().optional(),
    to: z.iso.date().nullable().optional(),
  }),
  z.object({ filterType: z.literal('set'), values: z.array(z.string().max(1000)).max(10_000) }),
]);
export type GridColumnFilter = z.infer<typeof gridColumnFilterSchema>;
export const gridFilterModelSchema = z.record(z.string().min(1).max(200), gridColumnFilterSchema);
export type GridFilterModel = z.infer<typeof gridFilterModelSchema>;

export const gridLayoutSchema = z.strictObject({
  version: z.literal('v2'),
  columns: z.array(gridColumnStateSchema).max(500),
  filters: gridFilterModelSchema,
  sortModel: gridSortModelSchema,
  pivotMode: z.boolean(),
  columnGroupState: z.array(z.object({ groupId: z.string().max(200), open: z.boolean() })).max(500),
});
export type GridLayout = z.infer<typeof gridLayoutSchema>;

// Layouts saved by the original portal were a bare array of column state; GET still answers them.
export const storedGridLayoutSchema = z.union([gridLayoutSchema, z.array(gridColumnStateSchema).max(500)]);
export type StoredGridLayout = z.infer<typeof storedGridLayoutSchema>;

// PUT body: a layout, or null to delete the key.
export const putGridConfigBody = gridLayoutSchema.nullable();
export const gridConfigKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[A-Za-z0-9_.\- ]+$/, 'Use letters, digits, spaces, dot, dash and underscore'),
});
export const getGridConfigResponse = successEnvelope(storedGridLayoutSchema.nullable());
export const putGridConfigResponse = successEnvelope(z.null());

// Named layouts live under '{key}___{name}'.
export const NAMED_LAYOUT_SEPARATOR = '___';
export function namedLayoutKey(configKey: string, name: string): string {
  return `${configKey}${NAMED_LAYOUT_SEPARATOR}${name}`;
}
export function layoutNamesFor(configKey: string, savedKeys: readonly string[]): string[] {
  const prefix = `${configKey}${NAMED_LAYOUT_SEPARATOR}`;
  return savedKeys
    .filter((key) => key.startsWith(prefix) && key.length > prefix.length)
    .map((key) => key.slice(prefix.length))
    .sort((a, b) => a.localeCompare(b));
}

export const GridLayoutText = {
  NameRequired: 'Field is required',
} as const;

// A legacy bare array of column state becomes a v2 layout with nothing else set.
export function toGridLayout(stored: StoredGridLayout): GridLayout {
  if (!Array.isArray(stored)) return stored;
  return {
    version: 'v2',
    columns: stored,
    filters: {},
    sortModel: [],
    pivotMode: false,
    columnGroupState: [],
  };
}

// GET /api/user/grid-config-names/{key}: the names saved under '{key}___{name}', sorted.
export const gridConfigNamesResponse = successEnvelope(z.array(z.string()));

// A user keeps at most this many saved layouts (default and named together).
export const maxSavedGridLayouts = 200;

export const GridConfigErrorCode = {
  NameRequired: 'GRID_LAYOUT_NAME_REQUIRED',
  TooManyLayouts: 'GRID_LAYOUT_LIMIT_REACHED',
} as const;
export const GridConfigText = {
  TooManyLayouts: `At most ${maxSavedGridLayouts} layouts can be saved`,
} as const;
