import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET /api/dev/mailbox (development only, without SMTP): the newest messages of the outbox, so a
// newcomer can open their first login link.
export const devMailboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  created_at: z.iso.datetime({ offset: true }),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;
export const devMailboxResponse = successEnvelope(z.array(devMailboxMessageSchema));
