import type { FastifyReply } from 'fastify';

// An answer written as JSON text already (the report rows, the Merchants grid, the vault search):
// sent as it is, without serialising again. As bytes it is not measured or encoded again either.
export function sendJsonText(reply: FastifyReply, text: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

const successHead = '{"status":true,"message":[';
const successTail = ']}';
const comma = 0x2c;

// The success envelope around a list whose rows are JSON text already (the database wrote them, one
// value per row), as UTF-8 bytes written once, row by row, into one buffer. Handed a string, Fastify
// would measure its byte length and the socket encode it again, a pass each over some megabytes;
// joining the rows first cost another (CPU profiles of bench/client-list and bench/disputes).
export function successListAnswer(rows: readonly string[]): Buffer {
  let length = successHead.length + Math.max(rows.length - 1, 0) + successTail.length;
  for (const row of rows) length += Buffer.byteLength(row);
  const body = Buffer.allocUnsafe(length);
  let at = body.write(successHead, 0, 'latin1');
  for (let index = 0; index < rows.length; index++) {
    if (index > 0) body[at++] = comma;
    at += body.write(rows[index] ?? '', at);
  }
  body.write(successTail, at, 'latin1');
  return body;
}
