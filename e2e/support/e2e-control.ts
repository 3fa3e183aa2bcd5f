import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';

// What the e2e run puts around the real server: an SMTP server that receives Portico's e-mail, a real
// OpenID Connect provider (oauth2-mock-server), and a small HTTP endpoint through which the specs
// (in worker processes) read the mail and choose who the provider says signs in next.

export type ReceivedMail = { to: string[]; subject: string; text: string; receivedAt: number };
export type ProviderIdentity = { email: string; emailVerified: boolean; subject: string };

export const googleClient = { id: 'portico-e2e', secret: 'portico-e2e-secret' } as const;

export const e2eEnvKeys = { controlUrl: 'E2E_CONTROL_URL' } as const;

export type E2eControl = {
  smtpUrl: string;
  oidcIssuer: string;
  controlUrl: string;
  close: () => Promise<void>;
};

function portOf(address: string | AddressInfo | null): number {
  if (address === null || typeof address === 'string') throw new Error('e2e: not listening on a port');
  return address.port;
}

function listenOnLoopback(server: { listen: (port: number, host: string, done: () => void) => unknown }) {
  return new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function isProviderIdentity(value: unknown): value is ProviderIdentity {
  return (
    typeof value === 'object' &&
    value !== null &&
    'email' in value &&
    typeof value.email === 'string' &&
    'emailVerified' in value &&
    typeof value.emailVerified === 'boolean' &&
    'subject' in value &&
    typeof value.subject === 'string'
  );
}

export async function startE2eControl(): Promise<E2eControl> {
  const mails: ReceivedMail[] = [];
  let identity: ProviderIdentity = {
    email: 'nobody@example.invalid',
    emailVerified: true,
    subject: 'nobody',
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        mails.push({ to, subject, text, receivedAt: Date.now() });
        callback();
      });
    },
  });
  await listenOnLoopback(smtp);
  const smtpPort = portOf(smtp.server.address());

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  // The provider says whoever the test chose signed in; the subject keys the identity in Portico.
  oidc.service.on('beforeTokenSigning', (token: MutableToken) => {
    token.payload.sub = identity.subject;
    token.payload.email = identity.email;
    token.payload.email_verified = identity.emailVerified;
  });
  oidc.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = { sub: identity.subject, email: identity.email, email_verified: identity.emailVerified };
  });
  await oidc.start(0, '127.0.0.1');
  const oidcIssuer = oidc.issuer.url ?? '';

  const control: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/mail') {
      reply(200, mails);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/oidc/identity') {
      readJsonBody(request).then(
        (body) => {
          if (!isProviderIdentity(body)) return reply(400, { error: 'email, emailVerified and subject' });
          identity = body;
          reply(200, identity);
        },
        () => reply(400, { error: 'not JSON' }),
      );
      return;
    }
    reply(404, { error: 'not found' });
  });
  await listenOnLoopback(control);
  const controlPort = portOf(control.address());

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    oidcIssuer,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    close: async () => {
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await oidc.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
