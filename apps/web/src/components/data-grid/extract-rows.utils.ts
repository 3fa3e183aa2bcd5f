// A grid url may answer its rows as message, data, items or a plain array
// (message itself may hold data or items). Anything else holds no rows.
export function extractRows(payload: unknown): readonly unknown[] {
  if (Array.isArray(payload)) return payload;
  if (!isRecord(payload)) return [];
  for (const key of ['message', 'data', 'items'] as const) {
    const inner = payload[key];
    if (Array.isArray(inner)) return inner;
  }
  const message = payload.message;
  if (isRecord(message)) {
    if (Array.isArray(message.data)) return message.data;
    if (Array.isArray(message.items)) return message.items;
  }
  return [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// parseRow for answers whose items are plain objects; anything else is dropped.
export function parseRecordRow(raw: unknown): Record<string, unknown> | undefined {
  return isRecord(raw) ? raw : undefined;
}
