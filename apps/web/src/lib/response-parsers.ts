import type { ResponseParser } from './api-client';

// Hand-written parsers for the few answers the first page needs: zod stays out of the /login chunk
// (its first-load budget). Each one is checked against its contracts schema in a test.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// read returns undefined when the value does not have the expected shape.
export function parserOf<T>(read: (value: unknown) => T | undefined): ResponseParser<T> {
  return {
    safeParse(data: unknown) {
      const parsed = read(data);
      return parsed === undefined ? { success: false } : { success: true, data: parsed };
    },
  };
}

export const booleanParser = parserOf((value) => (typeof value === 'boolean' ? value : undefined));

export const stringParser = parserOf((value) => (typeof value === 'string' ? value : undefined));

// Every item must parse; one bad item fails the whole answer, as a zod array would.
export function readArrayOf<T>(value: unknown, readItem: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const parsed = readItem(item);
    if (parsed === undefined) return undefined;
    items.push(parsed);
  }
  return items;
}

export function readStringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}
