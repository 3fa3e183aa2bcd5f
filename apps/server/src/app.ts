import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { KycProvider } from './integrations/kyc/kyc-provider';
import { devMailboxRoutes } from './integrations/mail/dev-mailbox.routes';
import { mailPlugin } from './integrations/mail/mail-plugin';
import type { Mailer } from './integrations/mail/mailer';
import { createOidcProviders } from './integrations/oidc/oidc-providers';
import type { ProcessorDirectory } from './integrations/processors/processor-gateway';
import { processorsPlugin } from './integrations/processors/processors-plugin';
import { terminalsPlugin } from './integrations/terminals/terminals-plugin';
import { jobsPlugin } from './jobs/jobs-plugin';
import { createFieldCipher, type FieldCipher, loadDataKey } from './lib/crypto/field-cipher';
import { errorForLog } from './lib/error-log';
import { redactPaths, requestUrlForLog } from './lib/log-redaction';
import { accountDataRoutes } from './modules/account-data/account-data.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { passwordRoutes } from './modules/auth/password.routes';
import { socialSignInRoutes } from './modules/auth/social-sign-in.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { brandingRoutes } from './modules/branding/branding.routes';
import { brandMailForRecipient } from './modules/branding/branding-mail';
import { chargesRoutes } from './modules/charges/charges.routes';
import { clickToAgreeRoutes } from './modules/click-to-agree/click-to-agree.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { clientListsRoutes } from './modules/client-lists/client-lists.routes';
import { subpricingRoutes } from './modules/client-lists/subpricing.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { costingRoutes } from './modules/costing/costing.routes';
import { cryptoRoutes } from './modules/crypto/crypto.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { developerCertificationRoutes } from './modules/developer-certification/developer-certification.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { emailRoutes } from './modules/email/email.routes';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes';
import { enrollmentActionsRoutes } from './modules/enrollment-actions/enrollment-actions.routes';
import { enrollmentReviewRoutes } from './modules/enrollment-review/enrollment-review.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { gridConfigRoutes } from './modules/grid-config/grid-config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { internalReportsRoutes } from './modules/internal-reports/internal-reports.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { keyEntryRoutes } from './modules/key-entry/key-entry.routes';
import { mimicRoutes } from './modules/mimic/mimic.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes';
import { paymentLinksRoutes } from './modules/payment-links/payment-links.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { processorEnablementRoutes } from './modules/processor-enablement/processor-enablement.routes';
import { rbacRoutes } from './modules/rbac/rbac.routes';
import { rbacAdminRoutes } from './modules/rbac/rbac-admin.routes';
import { receiptRoutes } from './modules/reporting/receipt.routes';
import { reportingRoutes } from './modules/reporting/reporting.routes';
import { revenueShareRoutes } from './modules/revenue-share/revenue-share.routes';
import { riskRoutes } from './modules/risk/risk.routes';
import { searchRoutes } from './modules/search/search.routes';
import { secondFactorRoutes } from './modules/second-factor/second-factor.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { shortLinksRoutes } from './modules/short-links/short-links.routes';
import { signUpRoutes } from './modules/sign-up/sign-up.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { subLocationsRoutes } from './modules/sub-locations/sub-locations.routes';
import { subscriptionSchedulerPlugin } from './modules/subscription-scheduler/subscription-scheduler.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { terminalsRoutes } from './modules/terminals/terminals.routes';
import { timezoneRoutes } from './modules/timezone/timezone.routes';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { usersRoutes } from './modules/users/users.routes';
import { vaultRoutes } from './modules/vault/vault.routes';
import { viewAsRoutes } from './modules/view-as/view-as.routes';
import { virtualTerminalRoutes } from './modules/virtual-terminals/virtual-terminals.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { accessPlugin } from './plugins/access';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { paymentFramePagePlugin } from './plugins/payment-frame-page';
import { rateLimitPlugin } from './plugins/rate-limit';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import { textInputPlugin } from './plugins/text-input';

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  // REPORTING_DATABASE_URL opened by the caller; the main database when absent.
  reportingDatabase?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  // Extra route plugins, registered like the modules (tests use it for fixture routes).
  extraRoutes?: FastifyPluginAsync[];
  // Replaces the mailer chosen from the configuration (tests).
  mailer?: Mailer;
  // Replaces the sandbox processors (tests inject declining or failing gateways).
  processors?: ProcessorDirectory;
  // Replaces the sandbox KYC provider (tests inject a failing one).
  kyc?: KycProvider;
  // The wall clock of rules that depend on the day, e.g. the void window (tests fix it).
  now?: () => Date;
  // The data key the server loaded at start-up (sensitive columns, signed links). Without it the key
  // is loaded from the configuration on first use, so an app that never needs it needs none.
  dataKey?: Buffer;
};

const requestIdPattern = /^[A-Za-z0-9-]{8,64}$/;

// The production logger settings; tests add a stream to read what would be written.
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      err: errorForLog,
      // The route's pattern and the harmless query values only: tokens, keys and personal data in
      // an address never reach the log.
      req: (req: { method: string; url: string; id: string; routeOptions?: { url?: string } }) => ({
        method: req.method,
        url: requestUrlForLog(req),
        requestId: req.id,
      }),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    now: () => Date;
    dataKey: () => Buffer;
    fieldCipher: () => FieldCipher;
  }
}

export async function buildApp({
  config,
  database,
  reportingDatabase,
  logger,
  extraRoutes = [],
  mailer,
  processors,
  kyc,
  now,
  dataKey,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    // Honour a caller's request id when it looks like one, so traces join up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Graceful shutdown: stop accepting, let requests in flight finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // While shutting down, answers in flight also close their keep-alive connection, so close()
  // does not wait for idle sockets to time out.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isClosing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  // Before the session and access hooks: refused requests spend the budget too.
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    sharedDb: database.driver === 'postgres' ? database.db : undefined,
  });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(dbPlugin, { database, ...(reportingDatabase ? { reportingDatabase } : {}) });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(jobsPlugin);
  await app.register(cookie, { secret: config.cookieSecret });
  // No database work may see a NUL character in params or query: the session statement may carry a
  // route's read. The session hook must run before the access hook that reads request.session.
  await app.register(textInputPlugin);
  await app.register(sessionPlugin, {
    secureCookies: config.secureCookies,
    hostPrefixed: config.publicUrl.startsWith('https://'),
  });
  await app.register(accessPlugin);
  await app.register(securityPlugin, { hsts: config.publicUrl.startsWith('https://') });
  await app.register(docsPlugin);
  await app.register(mailPlugin, {
    config,
    ...(mailer ? { mailer } : {}),
    // Mail to a user of a white-labelled hierarchy wears its brand.
    dress: (message, executor) => brandMailForRecipient(executor, message, config.publicUrl),
  });
  await app.register(processorsPlugin, processors ? { directory: processors } : {});
  await app.register(terminalsPlugin);
  app.decorate('now', now ?? (() => new Date()));
  let key = dataKey;
  let fieldCipher: FieldCipher | undefined;
  const loadedKey = () => {
    key ??= loadDataKey({ dataKeyHex: config.dataKeyHex, dataDir: config.dataDir }).key;
    return key;
  };
  app.decorate('dataKey', loadedKey);
  app.decorate('fieldCipher', () => {
    fieldCipher ??= createFieldCipher(loadedKey());
    return fieldCipher;
  });

  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(authRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    loginLinksPerAddress: config.loginLinksPerAddress,
  });
  await app.register(passwordRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    loginLinksPerAddress: config.loginLinksPerAddress,
  });
  await app.register(socialSignInRoutes, {
    providers: createOidcProviders(config.oidc, config.publicUrl),
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    loginLinksPerAddress: config.loginLinksPerAddress,
  });
  await app.register(secondFactorRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(passkeyRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    secureCookies: config.secureCookies,
  });
  await app.register(signUpRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(usersRoutes);
  await app.register(timezoneRoutes);
  await app.register(rbacRoutes);
  await app.register(rbacAdminRoutes);
  await app.register(userAdminRoutes, {
    publicUrl: config.publicUrl,
    loginLinksPerAddress: config.loginLinksPerAddress,
  });
  await app.register(clientsRoutes);
  await app.register(accountsRoutes);
  await app.register(brandingRoutes);
  await app.register(clientListsRoutes);
  await app.register(subpricingRoutes);
  await app.register(gridConfigRoutes);
  await app.register(notesRoutes);
  await app.register(documentsRoutes);
  await app.register(emailRoutes, { supportEmail: config.supportEmail, publicUrl: config.publicUrl });
  await app.register(internalReportsRoutes);
  await app.register(paymentsRoutes);
  await app.register(chargesRoutes, { publicUrl: config.publicUrl });
  await app.register(subscriptionSchedulerPlugin, { publicUrl: config.publicUrl });
  await app.register(shortLinksRoutes, { publicUrl: config.publicUrl });
  await app.register(dashboardRoutes);
  await app.register(reportingRoutes);
  await app.register(exportsRoutes, {
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
  });
  await app.register(receiptRoutes);
  await app.register(statsRoutes);
  await app.register(costingRoutes);
  await app.register(disputesRoutes, { publicUrl: config.publicUrl });
  await app.register(statementsRoutes, {
    support: { phone: config.supportPhone, email: config.supportEmail },
  });
  await app.register(billingRoutes);
  await app.register(revenueShareRoutes);
  await app.register(subscriptionsRoutes, { rateLimitPerMinute: config.authRateLimitPerMinute });
  await app.register(vaultRoutes);
  await app.register(enrollmentRoutes);
  await app.register(clickToAgreeRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(enrollmentActionsRoutes, { publicUrl: config.publicUrl, kyc });
  await app.register(enrollmentReviewRoutes);
  await app.register(developerCertificationRoutes, { supportEmail: config.supportEmail });
  await app.register(virtualTerminalRoutes);
  await app.register(paymentLinksRoutes, { publicUrl: config.publicUrl });
  await app.register(cryptoRoutes, { publicUrl: config.publicUrl });
  await app.register(mimicRoutes, { publicUrl: config.publicUrl });
  await app.register(keyEntryRoutes);
  await app.register(subLocationsRoutes);
  await app.register(terminalsRoutes);
  await app.register(viewAsRoutes);
  await app.register(auditLogRoutes);
  await app.register(accountDataRoutes);
  await app.register(processorEnablementRoutes);
  await app.register(jobsRoutes);
  await app.register(clientErrorsRoutes);
  await app.register(riskRoutes, { supportEmail: config.supportEmail });
  await app.register(operationsRoutes);
  await app.register(webhooksRoutes, config.webhooks);
  await app.register(searchRoutes);
  // The outbox holds live login links: the page exists only in development without SMTP.
  if (config.devMailboxEnabled) await app.register(devMailboxRoutes);
  for (const routes of extraRoutes) await app.register(routes);

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  await app.register(paymentFramePagePlugin, { webDistDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
