import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idempotencyKeyPattern } from './idempotency';

// Every money-moving call carries an Idempotency-Key. Loose: the other headers stay.
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required' })
    .regex(idempotencyKeyPattern, {
      message: 'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores',
    }),
});

// A replayed answer (same Idempotency-Key and body) says so in a header.
export function sendIdempotentOutcome(
  reply: FastifyReply,
  result: { replayed: boolean; status: number; body: unknown },
): FastifyReply {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.status).send(result.body);
}
