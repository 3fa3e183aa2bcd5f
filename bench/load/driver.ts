// The load test's client side: a bounded number of loops, each sending one call after the other to
// one of the server instances, every answer timed and kept by kind. Calls carry a client address of
// their own (X-Forwarded-For; the servers run with TRUST_PROXY=true, as behind a proxy), so the
// per-address limits see many people, except where the test means one person.

export type Instance = { name: string; baseUrl: string; isUp: boolean };

export type Answer = { status: number; text: string; ms: number; instance: string };

// A connection refused or cut (an instance killed) is no answer: it has no status.
export type CallOutcome = { answer: Answer } | { lost: string; instance: string; ms: number };

export class LoadRecorder {
  readonly byKind = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  readonly lost = new Map<string, number>();
  readonly serverErrors: { kind: string; status: number; text: string; instance: string }[] = [];
  // The first answer of each kind and status outside 2xx, to read why.
  readonly firstRefusals = new Map<string, string>();

  record(kind: string, outcome: CallOutcome): void {
    if ('lost' in outcome) {
      this.lost.set(kind, (this.lost.get(kind) ?? 0) + 1);
      return;
    }
    const { answer } = outcome;
    let times = this.byKind.get(kind);
    if (!times) {
      times = [];
      this.byKind.set(kind, times);
    }
    times.push(answer.ms);
    let counts = this.statuses.get(kind);
    if (!counts) {
      counts = new Map();
      this.statuses.set(kind, counts);
    }
    counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    const refusal = `${kind} ${answer.status}`;
    if (answer.status >= 300 && !this.firstRefusals.has(refusal)) {
      this.firstRefusals.set(refusal, answer.text.slice(0, 200));
    }
    if (answer.status >= 500) {
      this.serverErrors.push({
        kind,
        status: answer.status,
        text: answer.text.slice(0, 300),
        instance: answer.instance,
      });
    }
  }

  answered(): number {
    let total = 0;
    for (const times of this.byKind.values()) total += times.length;
    return total;
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[at] ?? Number.NaN;
}

export type CallOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  cookie?: string;
  address: string;
  headers?: Record<string, string>;
  // Load All answers are read to their end; the text is then only their line count.
  countLines?: boolean;
  timeoutMs?: number;
};

export async function call(instance: Instance, path: string, options: CallOptions): Promise<CallOutcome> {
  const started = performance.now();
  const headers: Record<string, string> = {
    'x-forwarded-for': options.address,
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  if (options.method === 'POST') {
    // Unsafe calls come from the instance's own origin (CSRF by origin).
    headers.origin = instance.baseUrl;
    headers['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(`${instance.baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    let text: string;
    if (options.countLines && response.body) {
      let lines = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const byte of value) if (byte === 10) lines += 1;
      }
      text = String(lines);
    } else {
      text = await response.text();
    }
    const setCookie = response.headers.getSetCookie();
    return {
      answer: {
        status: response.status,
        // The session cookie an answer sets rides along after the body (sign-in flows read it).
        text: setCookie.length > 0 ? `${text}\n${setCookie.join('\n')}` : text,
        ms: performance.now() - started,
        instance: instance.name,
      },
    };
  } catch (error) {
    return {
      lost: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      instance: instance.name,
      ms: performance.now() - started,
    };
  }
}

export function cookieOf(text: string, name: string): string | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}=`)) return line.split(';')[0];
  }
  return undefined;
}

export function bodyOf(text: string): string {
  const at = text.indexOf('\n');
  return at === -1 ? text : text.slice(0, at);
}

// A fresh client address for each use: 10.x.y.z counted up.
export function addressSource(first: number): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `10.${first}.${(next >> 8) & 255}.${next & 255}`;
  };
}
