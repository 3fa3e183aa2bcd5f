import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Streaming a report to the reply: the report's rows come from report-stream.ts, this writes them to
// the socket as they come.

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

// Writes the chunks as they come: waits for 'drain' whenever the socket's buffer is full, and stops
// reading (returning the source, which releases its database client) as soon as the response
// closes before the end. The first chunk is read before anything is sent, so a failure to start
// still answers a normal error.
export async function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  chunks: AsyncGenerator<string | Uint8Array, void, undefined>,
): Promise<void> {
  let step: IteratorResult<string | Uint8Array, void>;
  try {
    step = await chunks.next();
  } catch (error) {
    await chunks.return(undefined);
    throw error;
  }
  const response = reply.raw;
  let isAborted = false;
  const onClose = () => {
    if (!response.writableFinished) isAborted = true;
  };
  response.on('close', onClose);
  reply.hijack();
  // Hijacked answers skip the onSend hooks: carry over the headers set so far (helmet, rate limit)
  // and the request id.
  for (const [name, headerValue] of Object.entries(reply.getHeaders())) {
    if (headerValue !== undefined) response.setHeader(name, headerValue);
  }
  response.writeHead(200, {
    'content-type': contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // Proxies that buffer (nginx) would hold the rows back.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  try {
    while (!step.done && !isAborted) {
      if (!response.write(step.value)) await drainedOrClosed(response);
      if (isAborted) break;
      step = await chunks.next();
    }
    if (isAborted) {
      request.log.info({ reqId: request.id }, 'report stream stopped: the client went away');
    } else {
      response.end();
    }
  } catch (error) {
    // The status line is gone: cutting the connection is the only way to tell the browser.
    request.log.error({ err: error }, 'report stream failed');
    response.destroy();
  } finally {
    response.off('close', onClose);
    await chunks.return(undefined);
  }
}
