import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WebhookText, webhookResponseExcerptBytes } from '@portico/contracts/developers/webhooks';

// The one way a webhook leaves the server. Outside development the receiver's name is resolved and
// every address it gives is checked before connecting, and the connection goes to the address that
// was checked (no second lookup a DNS answer could change in between): a webhook can never be
// pointed at the provider's own network, the machine itself or a cloud metadata address.

const privateRanges = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(address, prefix, 'ipv6');
}

// Private, loopback, link-local, shared, documentation, multicast or reserved: not the internet.
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return privateRanges.check(mapped[1], 'ipv4');
  return privateRanges.check(address, 'ipv6');
}

export class WebhookTargetRefused extends Error {}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

// Resolves the host and answers its addresses; refuses when any of them is private (a name with one
// public and one private address is refused too).
export async function checkedAddresses(url: URL, allowPrivate: boolean): Promise<dns.LookupAddress[]> {
  const host = hostOf(url);
  const family = net.isIP(host);
  const addresses =
    family !== 0 ? [{ address: host, family }] : await dns.promises.lookup(host, { all: true });
  if (addresses.length === 0) throw new WebhookTargetRefused(`${host} has no address`);
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new WebhookTargetRefused(WebhookText.UrlPrivate);
  }
  return addresses;
}

export type WebhookPost = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
};

export type WebhookPostResult = {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
};

// Connections to receivers are kept open between deliveries (a busy endpoint gets many).
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

// Posts the body once. Never throws: a refusal, a timeout or a dropped connection is a result with
// no status code and the reason.
export async function postWebhook(post: WebhookPost): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  let address: dns.LookupAddress;
  try {
    url = new URL(post.url);
    const addresses = await checkedAddresses(url, post.allowPrivate);
    address = addresses[0] as dns.LookupAddress;
  } catch (err) {
    const reason = err instanceof WebhookTargetRefused ? err.message : 'The address could not be resolved.';
    return { statusCode: null, durationMs: elapsed(), excerpt: null, error: reason };
  }
  const isHttps = url.protocol === 'https:';
  return new Promise<WebhookPostResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookPostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = (isHttps ? https : http).request(
      {
        protocol: url.protocol,
        hostname: hostOf(url),
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: isHttps ? agents.https : agents.http,
        // The address checked above, whatever the name resolves to now; TLS still checks the name.
        lookup: (_hostname, options, callback) => {
          if (typeof options === 'object' && options.all) callback(null, [address]);
          else callback(null, address.address, address.family);
        },
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'user-agent': 'Portico-Webhooks/1',
          ...post.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= webhookResponseExcerptBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough kept: the rest is not read.
          if (size >= webhookResponseExcerptBytes) response.destroy();
        });
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            excerpt: Buffer.concat(chunks).subarray(0, webhookResponseExcerptBytes).toString('utf8'),
            error: null,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, excerpt: null, error: `No answer within ${post.timeoutMs} ms.` });
    }, post.timeoutMs);
    request.on('error', (err) => {
      finish({ statusCode: null, excerpt: null, error: connectionErrorText(err) });
    });
    request.end(post.body);
  });
}

function connectionErrorText(err: Error): string {
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (code === 'ECONNREFUSED') return 'The connection was refused.';
  if (code === 'ECONNRESET' || err.message === 'socket hang up')
    return 'The connection was closed before an answer.';
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return 'The TLS certificate was not accepted.';
  return 'The request could not be completed.';
}
