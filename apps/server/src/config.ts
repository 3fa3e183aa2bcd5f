import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

// Every setting comes from the environment; the README lists each with its default.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a deployment that should be reached from elsewhere says so.
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  REPORTING_DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATA_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'DATA_KEY must be 64 hex characters (256 bits)')
    .optional(),
  SMTP_URL: z.string().optional(),
  // The outbox page holds live login links: only on request, never in production.
  DEV_MAILBOX: z.enum(['true', 'false']).default('false'),
  MAIL_FROM: z.string().default('Portico <no-reply@portico.example>'),
  PROVIDER_DOMAIN: z.string().default('portico.example'),
  PARTNER_DOMAINS: z.string().default('healnow.example,healnow-partners.example'),
  SUPPORT_EMAIL: z.string().default('support@portico.example'),
  // Printed on statements (page and PDF) for merchants' questions.
  SUPPORT_PHONE: z.string().trim().min(1).default('1-800-555-0199'),
  OIDC_GOOGLE_ISSUER: z.string().optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_MICROSOFT_ISSUER: z.string().optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().optional(),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  SEED_TRANSACTIONS: z.coerce.number().int().min(0).default(50_000),
  // Only behind a reverse proxy that sets X-Forwarded-For; otherwise client addresses could be forged.
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  // Per-IP limit of the sign-in calls (POST /firebase, POST /auth, the social sign-in round trip).
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // Login and verification links one address may be sent in 15 minutes; sign-in reads it from here.
  LOGIN_LINKS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  // Signs the short-lived social sign-in cookies; several instances behind one address must share it.
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').optional(),
  // GET /metrics answers only 'Authorization: Bearer <METRICS_TOKEN>'; without it there is no /metrics.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // The job runner (apps/server/src/jobs): every instance may run it; each period runs once.
  JOBS: z.enum(['true', 'false']).default('true'),
  JOB_TICK_SECONDS: z.coerce.number().int().min(1).default(30),
  // Test and development only: webhooks may go to plain http and to private, loopback and link-local
  // addresses (a receiver on this machine). Development allows them without it.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false'),
  // How long one webhook request may take, answer included.
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  reportingDatabaseUrl: string | undefined;
  dataKeyHex: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  providerDomain: string;
  partnerDomains: string[];
  supportEmail: string;
  supportPhone: string;
  oidc: { google: OidcProviderConfig | undefined; microsoft: OidcProviderConfig | undefined };
  seedDemoData: boolean;
  seedTransactions: number;
  logLevel: string;
  webDistDir: string | undefined;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  loginLinksPerAddress: number;
  // Secure cookies everywhere except plain http on this machine.
  secureCookies: boolean;
  cookieSecret: string;
  // The outbox page for developers: only by DEV_MAILBOX=true, without SMTP, outside production.
  devMailboxEnabled: boolean;
  trustProxy: boolean;
  metricsToken: string | undefined;
  jobsEnabled: boolean;
  jobTickSeconds: number;
  webhooks: { allowPrivateTargets: boolean; timeoutMs: number };
};

export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string };

function oidcProvider(
  issuer: string | undefined,
  clientId: string | undefined,
  clientSecret: string | undefined,
): OidcProviderConfig | undefined {
  if (!issuer || !clientId || !clientSecret) return undefined;
  return { issuer, clientId, clientSecret };
}

const localPlainHttp = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/;

// Without COOKIE_SECRET: derived from DATA_KEY when set (stable across restarts and instances),
// else random per process (a restart only cuts social sign-ins that are in flight).
function cookieSecretOf(cookieSecret: string | undefined, dataKeyHex: string | undefined): string {
  if (cookieSecret) return cookieSecret;
  if (dataKeyHex) {
    return createHmac('sha256', Buffer.from(dataKeyHex, 'hex'))
      .update('portico cookie signing')
      .digest('hex');
  }
  return randomBytes(32).toString('hex');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new Error('Invalid configuration: SMTP_URL is required in production (sign-in links are e-mailed)');
  }
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX === 'true') {
    throw new Error(
      'Invalid configuration: DEV_MAILBOX is for development only, not with NODE_ENV=production',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    reportingDatabaseUrl: e.REPORTING_DATABASE_URL,
    dataKeyHex: e.DATA_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    providerDomain: e.PROVIDER_DOMAIN.toLowerCase(),
    partnerDomains: e.PARTNER_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    oidc: {
      google: oidcProvider(e.OIDC_GOOGLE_ISSUER, e.OIDC_GOOGLE_CLIENT_ID, e.OIDC_GOOGLE_CLIENT_SECRET),
      microsoft: oidcProvider(
        e.OIDC_MICROSOFT_ISSUER,
        e.OIDC_MICROSOFT_CLIENT_ID,
        e.OIDC_MICROSOFT_CLIENT_SECRET,
      ),
    },
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    seedTransactions: e.SEED_TRANSACTIONS,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginLinksPerAddress: e.LOGIN_LINKS_PER_ADDRESS,
    secureCookies: !localPlainHttp.test(publicUrl),
    cookieSecret: cookieSecretOf(e.COOKIE_SECRET, e.DATA_KEY),
    // Outside production, asked for, and without SMTP (mail then stays in the outbox it shows).
    devMailboxEnabled: e.DEV_MAILBOX === 'true' && !e.SMTP_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    metricsToken: e.METRICS_TOKEN,
    jobsEnabled: e.JOBS === 'true',
    jobTickSeconds: e.JOB_TICK_SECONDS,
    webhooks: {
      allowPrivateTargets: e.NODE_ENV === 'development' || e.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
  };
}
