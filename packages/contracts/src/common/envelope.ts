import { z } from 'zod';

// The API envelope: every answer is one of these two shapes.
export function successEnvelope<T extends z.ZodType>(message: T) {
  return z.object({ status: z.literal(true), message });
}

export const errorKinds = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'business_rule',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorKind = (typeof errorKinds)[number];

export const errorEnvelope = z.object({
  status: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    // Field-level problems of a validation failure: path and message only, never input values.
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
  // The request's id (also the x-request-id header and every log line of it), for support to find it.
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

// A route's error answers: the one error envelope under each status it may answer (OpenAPI lists them).
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorEnvelope> {
  const responses: Partial<Record<Status, typeof errorEnvelope>> = {};
  for (const status of statuses) responses[status] = errorEnvelope;
  return responses as Record<Status, typeof errorEnvelope>;
}

// Codes shared by every module; each module adds its own enum beside its routes.
export const CommonErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  MalformedJson: 'MALFORMED_JSON',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  RouteNotFound: 'ROUTE_NOT_FOUND',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  DatabaseUnavailable: 'DATABASE_UNAVAILABLE',
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  IdempotentRequestInFlight: 'IDEMPOTENT_REQUEST_IN_FLIGHT',
  Internal: 'INTERNAL_ERROR',
} as const;
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];
