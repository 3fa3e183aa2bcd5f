import type { FastifyReply } from 'fastify';

// An answer written as JSON text already (the report rows, the Merchants grid, the vault search):
// sent as it is, without serialising again. As bytes it is not measured or encoded again either.
export function sendJsonText(reply: FastifyReply, text: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
