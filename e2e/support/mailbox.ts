import { e2eEnvKeys, type ProviderIdentity, type ReceivedMail } from './e2e-control';

const POLL_MS = 200;
const MAIL_TIMEOUT_MS = 15_000;

function controlUrl(): string {
  const url = process.env[e2eEnvKeys.controlUrl];
  if (!url) throw new Error('e2e: no control server (E2E_CONTROL_URL); run through the global setup');
  return url;
}

function isReceivedMail(value: unknown): value is ReceivedMail {
  return (
    typeof value === 'object' &&
    value !== null &&
    'to' in value &&
    Array.isArray(value.to) &&
    'text' in value &&
    typeof value.text === 'string' &&
    'receivedAt' in value &&
    typeof value.receivedAt === 'number'
  );
}

async function receivedMail(): Promise<ReceivedMail[]> {
  const response = await fetch(`${controlUrl()}/mail`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? body.filter(isReceivedMail) : [];
}

// The first link to /app/verify-email in a message sent to `to` after `since` (ms epoch).
export async function waitForEmailLink(to: string, since: number): Promise<string> {
  return waitForLinkInMail(to, since, /https?:\/\/\S+\/app\/verify-email\?\S+/);
}

// The first link matching `pattern` in a message sent to `to` after `since` (ms epoch).
export async function waitForLinkInMail(to: string, since: number, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  const address = to.toLowerCase();
  while (Date.now() < deadline) {
    const link = (await receivedMail())
      .filter((message) => message.receivedAt >= since && message.to.includes(address))
      .map((message) => message.text.match(pattern)?.[0])
      .find((found) => found !== undefined);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`e2e: no e-mail with a link reached ${to} within ${MAIL_TIMEOUT_MS / 1000} s`);
}

// Who the OpenID provider says signs in next.
export async function setProviderIdentity(identity: ProviderIdentity): Promise<void> {
  const response = await fetch(`${controlUrl()}/oidc/identity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(identity),
  });
  if (!response.ok) throw new Error(`e2e: the provider refused the identity (${response.status})`);
}
