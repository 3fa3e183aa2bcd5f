import { z } from 'zod';

// POST /api/charge answers data.status (spec 3 §7); the call has no contracts schema yet, so the
// one field the modal reads is parsed here.
export const chargeAnswerSchema = z.object({ status: z.boolean() });
