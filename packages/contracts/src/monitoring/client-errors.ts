import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Error reporting: the browser reports its uncaught errors, unhandled
// rejections and the route error page to POST /api/client-errors, with the release it runs.

export const clientErrorKinds = ['error', 'unhandledrejection', 'route'] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

// The largest report the server reads; the fields are cut to fit by the browser.
export const clientErrorBodyLimitBytes = 16 * 1024;
export const clientErrorLimits = { message: 1000, stack: 8000, url: 2000, release: 100 } as const;

export const clientErrorReport = z.strictObject({
  kind: z.enum(clientErrorKinds),
  message: z.string().max(clientErrorLimits.message),
  stack: z.string().max(clientErrorLimits.stack).optional(),
  // The page's address (its path and query; the browser leaves the origin out).
  url: z.string().max(clientErrorLimits.url),
  release: z.string().max(clientErrorLimits.release),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

export const clientErrorResponse = successEnvelope(z.object({ received: z.literal(true) }));
