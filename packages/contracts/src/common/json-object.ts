import { z } from 'zod';

// A transform for a string field that carries a JSON object: the object, or one issue with the given
// message when the text is not JSON or is JSON of anything but an object.
export function parseJsonObject(message: string) {
  return (text: string, ctx: z.RefinementCtx): unknown => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
    } catch {
      // Reported below with the same text as a non-object.
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
}
