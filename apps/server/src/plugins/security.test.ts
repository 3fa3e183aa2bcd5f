import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import helmet from 'helmet';
import { beforeAll, describe, expect, it } from 'vitest';
import { helmetHeadersOf, helmetOptionsOf } from './security';

// The headers worked out once must be the ones helmet's middleware sets on a real response.
async function headersHelmetSendsFor(hsts: boolean): Promise<Record<string, string>> {
  const middleware = helmet(helmetOptionsOf({ hsts }));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    middleware(req, res, () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('The server has no port');
    const answer = await fetch(`http://127.0.0.1:${address.port}/`);
    const sent: Record<string, string> = {};
    for (const [name, value] of answer.headers) {
      if (!['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'].includes(name)) {
        sent[name] = value;
      }
    }
    return sent;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('helmetHeadersOf', () => {
  let withHsts: Record<string, string>;
  let withoutHsts: Record<string, string>;
  beforeAll(() => {
    withHsts = helmetHeadersOf(helmetOptionsOf({ hsts: true }));
    withoutHsts = helmetHeadersOf(helmetOptionsOf({ hsts: false }));
  });

  it('are the headers helmet sends on a real response', async () => {
    expect(withHsts).toEqual(await headersHelmetSendsFor(true));
    expect(withoutHsts).toEqual(await headersHelmetSendsFor(false));
  });

  it('hold the strict policy, and HSTS only when asked', () => {
    expect(withoutHsts['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(withoutHsts['x-content-type-options']).toBe('nosniff');
    expect(withoutHsts['strict-transport-security']).toBeUndefined();
    expect(withHsts['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
