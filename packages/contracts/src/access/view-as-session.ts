import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Starting and stopping a view-as is announced to the server, which checks the caller may
// view as that client (staff, or a parent over its hierarchy) and audits both. The calls themselves
// carry the viewAs parameter (view-as.ts); these two only record the start and the stop.
export const viewAsStartBody = z.strictObject({ client_id: z.uuid() });
export type ViewAsStartBody = z.infer<typeof viewAsStartBody>;
export const viewAsStartResponse = successEnvelope(z.object({ client_id: z.uuid(), name: z.string() }));
export const viewAsStopBody = z.strictObject({ client_id: z.uuid() });
export const viewAsStopResponse = successEnvelope(z.literal(true));

export const ViewAsText = {
  Start: 'View as this merchant',
  Stop: 'Stop',
  NotAllowed: 'You cannot view as this merchant',
} as const;
