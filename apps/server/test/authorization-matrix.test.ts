import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { documents } from '../src/db/schema/documents';
import { enrollments } from '../src/db/schema/enrollments';
import { users } from '../src/db/schema/users';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';
import { dataUrlOf, samples } from './sample-files';

// Every route has an access rule: one test walks every registered route and checks who gets what. A
// route without a row here fails the test; a new module adds its rows.

const actors = ['anonymous', 'admin', 'user', 'parent', 'healnow', 'alpha', 'foreign', 'audit'] as const;
type Actor = (typeof actors)[number];
// The helpers below leave the processor-audit user out: every row states it on its own,
// so a new route cannot inherit an answer for it by accident.
type ActorsButAudit = Exclude<Actor, 'audit'>;

// Each demo role signs in as one demo account; 'foreign' is a merchant owner of another merchant
// than the one the merchant-scoped calls name (Harbor Lane Coffee, home of user and alpha).
const accountOf: Record<Exclude<Actor, 'anonymous'>, string> = {
  admin: demo.admin,
  user: demo.owner,
  parent: demo.reseller,
  healnow: demo.healnow,
  alpha: demo.alpha,
  foreign: demo.copperOwner,
  // Role admin with processor_audit_user: read-only everywhere.
  audit: demo.audit,
};

// fernFig: an application under Summit (the parent's hierarchy) that is not a client yet;
// harborDocument: a seeded document of Harbor Lane.
type Ids = { harborLane: string; fernFig: string; harborDocument: string };
type Call = { url?: string; payload?: Record<string, unknown> };
type Row = { call?: (ids: Ids) => Call; expect: Record<Actor, number> };

const same = (status: number): Record<ActorsButAudit, number> => ({
  anonymous: status,
  admin: status,
  user: status,
  parent: status,
  healnow: status,
  alpha: status,
  foreign: status,
});
const signedIn = (status: number): Record<ActorsButAudit, number> => ({ ...same(status), anonymous: 401 });
// Harbor Lane's own people, its parent and staff; not alpha (no notes or documents), not another merchant.
const harborNotesAndDocuments: Record<ActorsButAudit, number> = {
  ...signedIn(200),
  alpha: 403,
  foreign: 403,
};
// Harbor Lane's statements: its owner, its parent and admin; not healnow or alpha, not another merchant.
const harborStatements: Record<ActorsButAudit, number> = {
  ...signedIn(403),
  admin: 200,
  user: 200,
  parent: 200,
};
const adminOnly: Record<ActorsButAudit, number> = { ...signedIn(403), admin: 200 };
// Holders of Payment Pages on Harbor Lane (its owner and admin), answering the given status.
const harborPaymentPages = (status: number): Record<ActorsButAudit, number> => ({
  ...signedIn(403),
  admin: status,
  user: status,
});
// Admin and white-label staff only (the enrollment page's Actions menu), answering the given status.
const staffOnly = (status: number): Record<ActorsButAudit, number> => ({
  ...signedIn(403),
  admin: status,
  healnow: status,
});
const missingEnrollment = '00000000-0000-4000-8000-00000000e404';
// Ids no row has (the users, roles and locations calls answer 404 to those allowed to ask, and change
// nothing).
const missingClient = '00000000-0000-4000-8000-00000000c404';
const missingRole = '00000000-0000-4000-8000-00000000a404';
const missingUser = '00000000-0000-4000-8000-00000000b404';
const missingPasskey = '00000000-0000-4000-8000-0000000bb404';
// Well-formed WebAuthn answers to no request.
const matrixAttestation = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};
const matrixAssertion = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
const missingSubEntity = '00000000-0000-4000-8000-00000000d404';
const missingSchedule = '00000000-0000-4000-8000-0000000c5404';
// A daily schedule of a grid's layout to a recipient no merchant has.
const scheduleOf = (exported: Record<string, unknown>) => ({
  layout_name: 'Matrix',
  export: { format: 'csv', time_zone: 'America/New_York', ...exported },
  timing: { frequency: 'daily', time: '08:00', time_zone: 'America/New_York' },
  delivery: 'link',
  recipient_ids: [missingUser],
});
const missingTerminal = '00000000-0000-4000-8000-00000000f404';
const missingSubscription = '00000000-0000-4000-8000-0000000a5404';
const missingVaultCustomer = '00000000-0000-4000-8000-0000000fa404';
const missingWebhookRecord = '00000000-0000-4000-8000-0000000ab404';
// Holders of Permissions on Harbor Lane, answering the given status.
const permissionManagers = (status: number): Record<ActorsButAudit, number> => ({
  ...signedIn(403),
  admin: status,
  user: status,
  parent: status,
  alpha: status,
});
// The Terminals page's callers (user, admin, parent; not healnow or alpha), answering
// the given status; the processor-audit user reads as admin.
const terminalManagers = (status: number): Record<Actor, number> => ({
  ...signedIn(403),
  admin: status,
  user: status,
  parent: status,
  foreign: status,
  audit: status,
});
const matrixLayout = {
  version: 'v2',
  columns: [{ colId: 'amount' }],
  filters: {},
  sortModel: [],
  pivotMode: false,
  columnGroupState: [],
};
const matrixUpload = {
  _tag_: 'Statement',
  extension: 'pdf',
  file_name: 'matrix.pdf',
  contents: dataUrlOf(samples.pdf),
};

// Keyed by 'METHOD url' as registered; HEAD routes are checked with their GET row.
// audit: the processor-audit user is role admin, so it reads what admin reads, except
// costing and the API keys; every write answers 403 unless the route declares processorAudit
// 'allowed' (the report search, the caller's own session, time zone, grid layouts and social link).
const matrix: Record<string, Row> = {
  // Plugin-owned: documentation and the portal.
  'GET /api/docs': { expect: { ...same(200), audit: 200 } },
  'GET /api/docs/': { expect: { ...same(200), audit: 200 } },
  'GET /api/docs/static/index.html': { expect: { ...same(302), audit: 302 } },
  'GET /api/docs/static/swagger-initializer.js': { expect: { ...same(200), audit: 200 } },
  'GET /api/docs/json': { expect: { ...same(200), audit: 200 } },
  'GET /api/docs/yaml': { expect: { ...same(200), audit: 200 } },
  'GET /api/docs/static/*': {
    call: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: { ...same(200), audit: 200 },
  },
  'GET /': { expect: { ...same(302), audit: 302 } },
  // The portal is not built in tests: /app/* answers 503 by design.
  'GET /app/*': { call: () => ({ url: '/app/login' }), expect: { ...same(503), audit: 503 } },

  'GET /healthz': { expect: { ...same(200), audit: 200 } },
  'GET /readyz': { expect: { ...same(200), audit: 200 } },

  // Sign-in and session: public, answers independent of the caller.
  'POST /authenticated': { expect: { ...same(200), audit: 200 } },
  'POST /logout': { expect: { ...same(200), audit: 200 } },
  // The second factor. The caller's own authenticator: anyone signed in, processor-audit users too.
  // Every actor is a demo account with its authenticator app on: a second set-up is refused (409), and
  // disabling or new recovery codes ask a right code ('abcdef' is not one: 422).
  'GET /api/second-factor': { expect: { ...signedIn(200), audit: 200 } },
  'POST /api/second-factor/enrolment': { expect: { ...signedIn(409), audit: 409 } },
  'POST /api/second-factor/enrolment/confirm': {
    call: () => ({ payload: { code: 'abcdef' } }),
    expect: { ...signedIn(409), audit: 409 },
  },
  'POST /api/second-factor/disable': {
    call: () => ({ payload: { code: 'abcdef' } }),
    expect: { ...signedIn(422), audit: 422 },
  },
  'POST /api/second-factor/recovery-codes': {
    call: () => ({ payload: { code: 'abcdef' } }),
    expect: { ...signedIn(422), audit: 422 },
  },
  // Staff reset another user's: admin only (404 for a user no row has), never the processor-audit user.
  'POST /api/second-factor/users/:user_id/reset': {
    call: () => ({ url: `/api/second-factor/users/${missingUser}/reset` }),
    expect: { ...adminOnly, admin: 404, audit: 403 },
  },
  // The challenge serves only a session waiting for its second factor: none of these is.
  'GET /api/second-factor/challenge': { expect: { ...same(401), audit: 401 } },
  'POST /api/second-factor/challenge': {
    call: () => ({ payload: { code: 'abcdef' } }),
    expect: { ...same(401), audit: 401 },
  },
  // Step-up: anyone signed in proves their own second factor again, processor-audit users too. A code
  // that is not six digits is wrong (422); none of these actors has a passkey to be asked for (409), and
  // a passkey answer without its request is refused (422).
  'POST /api/second-factor/step-up': {
    call: () => ({ payload: { code: 'abcdef' } }),
    expect: { ...signedIn(422), audit: 422 },
  },
  'POST /api/second-factor/step-up/passkey/options': { expect: { ...signedIn(409), audit: 409 } },
  'POST /api/second-factor/step-up/passkey': {
    call: () => ({ payload: { response: matrixAssertion } }),
    expect: { ...signedIn(422), audit: 422 },
  },
  // A team's second-factor requirement: staff only, never the processor-audit user; a client no row has
  // is 404.
  'GET /api/clients/:client_id/second-factor-requirement': {
    call: () => ({ url: `/api/clients/${missingClient}/second-factor-requirement` }),
    expect: { ...adminOnly, admin: 404, audit: 404 },
  },
  'PUT /api/clients/:client_id/second-factor-requirement': {
    call: () => ({
      url: `/api/clients/${missingClient}/second-factor-requirement`,
      payload: { is_required: true },
    }),
    expect: { ...adminOnly, admin: 404, audit: 403 },
  },
  // Passkeys. The caller's own: anyone signed in, processor-audit users too. Registration without a
  // request of its own is refused (422); a passkey no row has is 404.
  'GET /api/passkeys': { expect: { ...signedIn(200), audit: 200 } },
  'POST /api/passkeys/registration/options': { expect: { ...signedIn(200), audit: 200 } },
  'POST /api/passkeys/registration': {
    call: () => ({ payload: { name: 'Matrix', response: matrixAttestation } }),
    expect: { ...signedIn(422), audit: 422 },
  },
  'PATCH /api/passkeys/:passkey_id': {
    call: () => ({ url: `/api/passkeys/${missingPasskey}`, payload: { name: 'Matrix' } }),
    expect: { ...signedIn(404), audit: 404 },
  },
  'DELETE /api/passkeys/:passkey_id': {
    call: () => ({ url: `/api/passkeys/${missingPasskey}` }),
    expect: { ...signedIn(404), audit: 404 },
  },
  // The passkey as second factor serves only a waiting session: none of these is.
  'POST /api/second-factor/passkey/options': { expect: { ...same(401), audit: 401 } },
  'POST /api/second-factor/passkey': {
    call: () => ({ payload: { response: matrixAssertion } }),
    expect: { ...same(401), audit: 401 },
  },
  // Passwordless: anyone may ask; an answer without its request (the signed cookie) signs nobody in.
  'POST /api/auth/passkey/options': { expect: { ...same(200), audit: 200 } },
  'POST /api/auth/passkey/sign-in': {
    call: () => ({ payload: { response: matrixAssertion } }),
    expect: { ...same(401), audit: 401 },
  },
  'POST /firebase': {
    call: () => ({ payload: { email: 'nobody@nowhere.example' } }),
    expect: { ...same(200), audit: 200 },
  },
  'POST /auth': {
    call: () => ({ payload: { token: 'A'.repeat(43), email: 'nobody@nowhere.example' } }),
    expect: { ...same(401), audit: 401 },
  },
  'POST /api/auth/password/sign-in': {
    call: () => ({ payload: { email: 'nobody@nowhere.example', password: 'not-a-password' } }),
    expect: { ...same(401), audit: 401 },
  },
  'POST /api/auth/password/reset-request': {
    call: () => ({ payload: { email: 'nobody@nowhere.example' } }),
    expect: { ...same(200), audit: 200 },
  },
  'POST /api/auth/password/reset': {
    call: () => ({ payload: { token: 'A'.repeat(43), password: 'not-a-password' } }),
    expect: { ...same(422), audit: 422 },
  },
  // The caller's own password (an empty body changes nothing).
  'GET /api/auth/password': { expect: { ...signedIn(200), audit: 200 } },
  'POST /api/auth/password': { call: () => ({ payload: {} }), expect: { ...signedIn(400), audit: 400 } },
  'GET /api/auth/providers': { expect: { ...same(200), audit: 200 } },
  // No provider is configured here.
  'GET /auth/oidc/:provider/start': {
    call: () => ({ url: '/auth/oidc/google/start' }),
    expect: { ...same(404), audit: 404 },
  },
  'GET /auth/oidc/:provider/callback': {
    call: () => ({ url: '/auth/oidc/google/callback?state=x&code=y' }),
    expect: { ...same(404), audit: 404 },
  },
  'GET /api/auth/link/pending': { expect: { ...same(200), audit: 200 } },
  // Signed in, but nothing waits to be linked.
  'POST /api/auth/link/continue': { expect: { ...signedIn(404), audit: 404 } },
  'POST /api/auth/verify-email': {
    call: () => ({ payload: { token: 'A'.repeat(43) } }),
    expect: { ...same(401), audit: 401 },
  },
  'GET /api/dev/mailbox': { expect: { ...same(200), audit: 200 } },
  // The public sign-up (an empty body: 400 for everyone, nothing created) and the sandbox sign-up
  // link for staff and parents.
  'POST /api/sign-up': { call: () => ({ payload: {} }), expect: { ...same(400), audit: 400 } },
  'POST /api/sandboxlink': {
    call: () => ({ payload: {} }),
    expect: { ...signedIn(403), admin: 400, healnow: 400, parent: 400, audit: 403 },
  },

  // The signed-in user's own things.
  'GET /api/user': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/logo': { expect: { ...signedIn(200), audit: 200 } },
  // The caller's own portal tour state (not from a mimic session).
  'PUT /api/user/tour': {
    call: () => ({ payload: { tour: 'merchant', seen: false } }),
    expect: { ...signedIn(200), audit: 200 },
  },
  // The caller's own look (not from a mimic session); the device's setting keeps the demo state.
  'PUT /api/user/color-scheme': {
    call: () => ({ payload: { color_scheme: 'auto' } }),
    expect: { ...signedIn(200), audit: 200 },
  },
  // The caller's own sessions: every signed-in person, the auditor included (ending one's own other
  // sign-ins changes nothing of the business).
  'GET /api/user/sessions': { expect: { ...signedIn(200), audit: 200 } },
  'POST /api/user/sessions/sign-out-others': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/timezone': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/timezones': { expect: { ...signedIn(200), audit: 200 } },
  'POST /api/timezone': {
    call: () => ({ payload: { timezone: 'UTC' } }),
    expect: { ...signedIn(200), audit: 200 },
  },
  'GET /api/client/my-clients': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/client': {
    call: (ids) => ({ url: `/api/client?id=${ids.harborLane}` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  // The account detail page follows the menu (staff, parents and merchants, each within
  // its reach; alpha has no Accounts entry). Writes name a client that does not exist: 404 for
  // staff, 403 for the rest, nothing changes; outcomes are in accounts.api.test.ts.
  'GET /api/account/:clientid': {
    call: (ids) => ({ url: `/api/account/${ids.harborLane}` }),
    expect: { ...signedIn(200), alpha: 403, foreign: 403, audit: 200 },
  },
  'PATCH /api/client/:clientid': {
    call: () => ({ url: `/api/client/${missingClient}`, payload: { meta: '{}' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/account/:clientid/reveal': {
    call: () => ({ url: `/api/account/${missingClient}/reveal`, payload: { field: 'tax_id' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'GET /api/account/:clientid/events': {
    call: (ids) => ({ url: `/api/account/${ids.harborLane}/events` }),
    expect: { ...staffOnly(200), parent: 200, audit: 200 },
  },
  // Settings' location custom fields: callers who see Settings (staff, holders of Permissions on the
  // account); the write names a client that does not exist.
  'GET /api/account/:clientid/location-custom-fields': {
    call: (ids) => ({ url: `/api/account/${ids.harborLane}/location-custom-fields` }),
    expect: { ...signedIn(200), alpha: 403, foreign: 403, audit: 403 },
  },
  'PUT /api/account/:clientid/location-custom-fields': {
    call: () => ({ url: `/api/account/${missingClient}/location-custom-fields`, payload: { fields: [] } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'GET /api/account/:clientid/payout-volume': {
    call: (ids) => ({ url: `/api/account/${ids.harborLane}/payout-volume` }),
    expect: { ...signedIn(200), alpha: 403, foreign: 403, audit: 200 },
  },
  'GET /api/is-parent-merchant/:clientid': {
    call: (ids) => ({ url: `/api/is-parent-merchant/${ids.harborLane}` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  'GET /api/mcc': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/report/kyc': {
    call: (ids) => ({ url: `/api/report/kyc?client_id=${ids.harborLane}` }),
    expect: { ...staffOnly(200), audit: 200 },
  },
  'POST /api/client/hierarchy': {
    call: () => ({ payload: { clientid: missingClient, parent_legal_name: 'Matrix Parent' } }),
    expect: { ...staffOnly(422), audit: 403 },
  },
  'POST /api/logo': {
    call: () => ({
      payload: {
        client_id: missingClient,
        document: { name: 'logo.png', extension: 'png', content: dataUrlOf(samples.png) },
      },
    }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  // A parent's white label: staff only (outcomes in branding.api.test.ts). Writes name a client that does
  // not exist: 404 for staff, 403 for the rest; the logo itself is public (payment pages, e-mails).
  'GET /api/whitelabel/:clientid': {
    call: (ids) => ({ url: `/api/whitelabel/${ids.harborLane}` }),
    expect: { ...staffOnly(200), audit: 200 },
  },
  'PUT /api/whitelabel/:clientid': {
    call: () => ({
      url: `/api/whitelabel/${missingClient}`,
      payload: { entity_name: 'Matrix', color: '#1f6f68' },
    }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'DELETE /api/whitelabel/:clientid': {
    call: () => ({ url: `/api/whitelabel/${missingClient}` }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/whitelabel/:clientid/logo': {
    call: () => ({
      url: `/api/whitelabel/${missingClient}/logo`,
      payload: { document: { name: 'logo.png', extension: 'png', content: dataUrlOf(samples.png) } },
    }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'DELETE /api/whitelabel/:clientid/logo': {
    call: () => ({ url: `/api/whitelabel/${missingClient}/logo` }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'GET /api/whitelabel/logo/:logoid': {
    call: () => ({ url: `/api/whitelabel/logo/${missingClient}` }),
    expect: { ...same(404), audit: 404 },
  },
  // Someone else's locations: staff and the merchant's alpha only.
  'GET /api/rbac/:merchantId/users/:userId/sub-entities': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/users/3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b/sub-entities`,
    }),
    expect: { ...signedIn(403), admin: 200, healnow: 200, alpha: 200, audit: 200 },
  },

  // Saved grid layouts: the caller's own.
  'PUT /api/user/grid-config/:key': {
    call: () => ({ url: '/api/user/grid-config/matrix', payload: matrixLayout }),
    expect: { ...signedIn(200), audit: 200 },
  },
  'GET /api/user/grid-config/:key': {
    call: () => ({ url: '/api/user/grid-config/matrix' }),
    expect: { ...signedIn(200), audit: 200 },
  },
  'GET /api/user/grid-config-names/:key': {
    call: () => ({ url: '/api/user/grid-config-names/matrix' }),
    expect: { ...signedIn(200), audit: 200 },
  },

  // Notes and documents of Harbor Lane Coffee, and of a Summit enrollment.
  'POST /api/notes': {
    call: (ids) => ({ payload: { comment: 'Matrix', client_id: ids.harborLane, origin: 'Portal' } }),
    expect: { ...harborNotesAndDocuments, audit: 403 },
  },
  'GET /api/notes': {
    call: (ids) => ({ url: `/api/notes?id=${ids.harborLane}` }),
    expect: { ...harborNotesAndDocuments, audit: 200 },
  },
  // Every statement shows them; alpha has no statements.
  'GET /api/notes/statement': { expect: { ...signedIn(200), alpha: 403, audit: 200 } },
  'POST /api/notes/statement': {
    call: () => ({ payload: { text: 'Matrix' } }),
    expect: { ...adminOnly, audit: 403 },
  },
  'POST /api/documents/by-client/:id': {
    call: (ids) => ({ url: `/api/documents/by-client/${ids.harborLane}`, payload: matrixUpload }),
    expect: { ...harborNotesAndDocuments, audit: 403 },
  },
  // Enrollments are for the reviewing side: staff and the parent above it.
  'POST /api/documents/by-enrollment/:id': {
    call: (ids) => ({ url: `/api/documents/by-enrollment/${ids.fernFig}`, payload: matrixUpload }),
    expect: { ...harborNotesAndDocuments, user: 403, audit: 403 },
  },
  'GET /api/documents': {
    call: (ids) => ({ url: `/api/documents?clientid=${ids.harborLane}` }),
    expect: { ...harborNotesAndDocuments, audit: 200 },
  },
  'GET /api/documents/:id/download': {
    call: (ids) => ({ url: `/api/documents/${ids.harborDocument}/download` }),
    expect: { ...harborNotesAndDocuments, audit: 200 },
  },
  // To the support address: anyone who may upload.
  'POST /api/email': {
    call: () => ({ payload: { subject: 'Matrix', body: 'Matrix', to: 'support@portico.example' } }),
    expect: { ...signedIn(200), alpha: 403, audit: 403 },
  },
  // The developer certification's instructions, to the support address: admin and parent.
  'GET /api/email': {
    call: () => ({
      url: `/api/email?${new URLSearchParams({ subject: 'Matrix', body: 'Matrix', to: 'support@portico.example' })}`,
    }),
    expect: { ...adminOnly, parent: 200, audit: 403 },
  },

  // Internal reporting (admin only).
  'GET /api/v1/report/all-internal': { expect: { ...adminOnly, audit: 200 } },
  'GET /api/v1/report/all-internal/:sourceName': {
    call: () => ({ url: '/api/v1/report/all-internal/declines_by_reason' }),
    expect: { ...adminOnly, audit: 200 },
  },

  // Statements and payouts (admin, parent and merchant users with Payouts, on
  // a merchant they reach). A payout id no row has: 404 to staff, 403 to the rest (no oracle).
  'GET /api/report/statement': {
    call: (ids) => ({ url: `/api/report/statement?month=2025-09&clientid=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'GET /api/statement': {
    call: (ids) => ({ url: `/api/statement?year-month=2025-09&merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'GET /api/statement/pdf': {
    call: (ids) => ({ url: `/api/statement/pdf?year-month=2025-09&merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  // Every role may ask; each answer holds only what the caller's own pages show.
  'GET /api/search': {
    call: () => ({ url: '/api/search?q=harbor' }),
    expect: { ...signedIn(200), audit: 200 },
  },
  'GET /api/payouts': {
    call: (ids) => ({ url: `/api/payouts?merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'GET /api/payouts/:id': {
    call: () => ({ url: '/api/payouts/00000000-0000-4000-8000-0000000a0404' }),
    expect: { ...signedIn(403), admin: 404, healnow: 403, audit: 404 },
  },
  'GET /api/disputes': {
    call: (ids) => ({ url: `/api/disputes?merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'GET /api/disputes/of-transaction': {
    call: () => ({ url: '/api/disputes/of-transaction?transaction_id=00000000-0000-4000-8000-0000000a0404' }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, audit: 200 },
  },
  'GET /api/disputes/:id': {
    call: () => ({ url: '/api/disputes/00000000-0000-4000-8000-0000000a0404' }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 404 },
  },
  'PUT /api/disputes/:id/draft': {
    call: () => ({
      method: 'PUT',
      url: '/api/disputes/00000000-0000-4000-8000-0000000a0404/draft',
      payload: { explanation: 'x' },
    }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 403 },
  },
  'POST /api/disputes/:id/evidence': {
    call: () => ({
      method: 'POST',
      url: '/api/disputes/00000000-0000-4000-8000-0000000a0404/evidence',
      payload: {
        kind: 'receipt',
        extension: 'pdf',
        file_name: 'r.pdf',
        contents: 'data:application/pdf;base64,JVBERi0=',
      },
    }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 403 },
  },
  'POST /api/disputes/:id/submit': {
    call: () => ({
      method: 'POST',
      url: '/api/disputes/00000000-0000-4000-8000-0000000a0404/submit',
      payload: {},
    }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 403 },
  },
  'POST /api/disputes/:id/accept': {
    call: () => ({
      method: 'POST',
      url: '/api/disputes/00000000-0000-4000-8000-0000000a0404/accept',
      payload: {},
    }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 403 },
  },
  'POST /api/disputes/simulate': {
    call: () => ({
      method: 'POST',
      url: '/api/disputes/simulate',
      payload: { transaction_id: '00000000-0000-4000-8000-0000000a0404', category: 'fraud' },
    }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'GET /api/payouts/:id/lines': {
    call: () => ({ url: '/api/payouts/00000000-0000-4000-8000-0000000a0404/lines' }),
    expect: { ...signedIn(403), admin: 404, healnow: 403, audit: 404 },
  },
  'GET /api/statement/merchants': {
    expect: { ...signedIn(200), healnow: 403, alpha: 403, audit: 200 },
  },
  'GET /api/statement/support': {
    expect: { ...signedIn(200), healnow: 403, alpha: 403, audit: 200 },
  },

  // Billing: the Billing menu's roles with Payouts, scoped to the merchants each
  // reaches. A bill id no row has: 404 to staff, 403 to the rest (no oracle); paying is a write.
  'GET /api/billing': {
    call: (ids) => ({ url: `/api/billing?merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'POST /api/billing/:id/pay': {
    call: () => ({ url: '/api/billing/00000000-0000-4000-8000-0000000b1404/pay' }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  // Monthly Billing: the provider's staff only (an e-mail at the provider's own domain).
  'GET /api/monthly-billing': { expect: { ...adminOnly, audit: 200 } },
  'GET /api/monthly-billing/merchants': { expect: { ...adminOnly, audit: 200 } },
  'PUT /api/monthly-billing/merchants/:id': {
    call: () => ({ url: `/api/monthly-billing/merchants/${missingClient}` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'DELETE /api/monthly-billing/merchants/:id': {
    call: () => ({ url: `/api/monthly-billing/merchants/${missingClient}` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'POST /api/monthly-billing/merchants/:id/merchant-bills': {
    call: () => ({
      url: `/api/monthly-billing/merchants/${missingClient}/merchant-bills`,
      payload: { month: '2025-09' },
    }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  // Revenue share: the rows for staff and a parent (its merchants); the admin
  // report for staff.
  'GET /api/revshare': { expect: { ...signedIn(403), admin: 200, parent: 200, audit: 200 } },
  'GET /api/report/revshare_all': { expect: { ...adminOnly, audit: 200 } },

  // Recurring charges (admin, parent and merchant users with Recurring Charges on
  // the merchant). Summit's own role on Harbor Lane holds no Recurring Charges. A series id no row has:
  // 404 to staff, 403 to the rest (no oracle); the processor-audit user only reads.
  'GET /api/subscription': {
    call: (ids) => ({ url: `/api/subscription?clientid=${ids.harborLane}` }),
    expect: { ...signedIn(403), admin: 200, user: 200, audit: 200 },
  },
  'PATCH /api/subscription/unsubscribe': {
    call: () => ({ payload: { subscription_id: missingSubscription } }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'PATCH /api/subscription/reactivate': {
    call: () => ({ payload: { subscription_id: missingSubscription, next: '2099-01-01' } }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'PATCH /api/subscription/override': {
    call: () => ({ payload: { subscription_id: missingSubscription, amount: '10.00' } }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'GET /api/subscription/charge-locations': {
    call: () => ({ url: `/api/subscription/charge-locations?subscription_id=${missingSubscription}` }),
    expect: { ...signedIn(403), admin: 404, audit: 404 },
  },
  // Add a Charge 'now' is money-moving: without its Idempotency-Key header the call is not valid.
  'POST /api/charge': {
    call: () => ({ payload: { subscription_id: missingSubscription, token: 'x', amount: '10.00' } }),
    expect: { ...signedIn(400), healnow: 403, alpha: 403, audit: 403 },
  },
  // Public, the session unread: the customer's cancel link; a forged one is not found for everyone.
  'POST /api/unsubscribe': {
    call: () => ({ payload: { cancelId: 'forged' } }),
    expect: { ...same(404), audit: 404 },
  },
  'GET /api/unsubscribe/:cancelId': {
    call: () => ({ url: '/api/unsubscribe/forged' }),
    expect: { ...same(404), audit: 404 },
  },

  // The vault (admin, parent and merchant users with Vault, on a merchant they
  // reach). A customer id no row has is not found, like another merchant's customer.
  'GET /api/payee/all': {
    call: (ids) => ({ url: `/api/payee/all?last_name=a&clientid=${ids.harborLane}` }),
    // The parent's role above Harbor Lane does not grant Vault.
    expect: { ...harborStatements, parent: 403, audit: 403 },
  },
  'GET /api/v1/vault/:customerId': {
    call: () => ({ url: `/api/v1/vault/${missingVaultCustomer}` }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 403 },
  },
  'PATCH /api/v1/vault/:id': {
    call: () => ({ url: `/api/v1/vault/${missingVaultCustomer}`, payload: { first_name: 'Matrix' } }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 403 },
  },
  'GET /api/whoami': { expect: { ...signedIn(200), audit: 200 } },

  // Costing and its estimates (admin only; processor auditors are refused too).
  'GET /api/costing': { expect: { ...adminOnly, audit: 403 } },
  'GET /api/v1/costing': { expect: { ...adminOnly, audit: 403 } },

  // Enrollment (admin and user with the Permissions permission; parents under their
  // own parent; healnow, whom the menu offers Create Enrollment) and the onboarding grid (admin,
  // healnow; and users, scoped to the parents they are members of). The matrix sends an empty enroll
  // body, so the roles that pass get 400; parent reach is covered by enrollment.api.test.ts.
  'GET /api/approved-mcc-codes': { expect: { ...signedIn(200), alpha: 403, audit: 200 } },
  'GET /api/parent-assignment': { expect: { ...signedIn(200), alpha: 403, audit: 200 } },
  'POST /api/enroll': {
    call: () => ({ payload: {} }),
    expect: { ...signedIn(400), alpha: 403, audit: 403 },
  },
  'GET /api/portal/onboarding-meta': {
    expect: { ...adminOnly, healnow: 200, user: 200, foreign: 200, audit: 200 },
  },
  // Click-to-agree: staff and the parent above send the CTA (an empty body: 400 for the
  // roles that pass; reach is covered by click-to-agree.api.test.ts). The application answers anyone
  // with a valid link token (none here: 400); the terms are public.
  'POST /api/enroll/cta': {
    call: () => ({ payload: {} }),
    expect: { ...signedIn(403), admin: 400, healnow: 400, parent: 400, audit: 403 },
  },
  'GET /api/public/enroll/:id': {
    call: (ids) => ({ url: `/api/public/enroll/${ids.fernFig}` }),
    expect: { ...same(400), audit: 400 },
  },
  'POST /api/public/enroll/:id/agree': {
    call: (ids) => ({ url: `/api/public/enroll/${ids.fernFig}/agree`, payload: {} }),
    expect: { ...same(400), audit: 400 },
  },
  'GET /api/public/terms/:id': {
    call: (ids) => ({ url: `/api/public/terms/${ids.fernFig}` }),
    expect: { ...same(200), audit: 200 },
  },
  'GET /api/public/terms/:id/:enrollment_id': {
    call: (ids) => ({ url: `/api/public/terms/${ids.harborLane}/${ids.fernFig}` }),
    expect: { ...same(404), audit: 404 },
  },
  // Enrollment page (admin, healnow and the parents above it, and users who are members
  // of that parent); Fern & Fig is Summit's, and Harbor Lane's owner is no member of Summit.
  'GET /api/enroll': {
    call: (ids) => ({ url: `/api/enroll?id=${ids.fernFig}` }),
    expect: { ...signedIn(200), user: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  'PATCH /api/enroll/edit': {
    call: (ids) => ({ payload: { meta: JSON.stringify({ id: ids.fernFig }) } }),
    expect: { ...signedIn(200), user: 403, alpha: 403, foreign: 403, audit: 403 },
  },
  // Developer certification registration (admin and parent).
  'POST /api/certregistration': {
    call: () => ({
      payload: {
        firstName: 'Matrix',
        lastName: 'Developer',
        email: 'matrix@developer.example',
        company: 'Matrix Co',
        features: ['api_card'],
      },
    }),
    expect: { ...adminOnly, parent: 200, audit: 403 },
  },

  // KYC, approval, hierarchy and certification (the Actions menu is admin and
  // white-label). Changes name an enrollment that does not exist: 404 for staff, so the matrix
  // changes nothing; the outcomes are covered by enrollment-actions.api.test.ts.
  'POST /api/kyc': {
    call: () => ({ payload: { id: missingEnrollment } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'GET /api/kyc': {
    call: (ids) => ({ url: `/api/kyc?id=${ids.fernFig}` }),
    expect: { ...staffOnly(200), audit: 200 },
  },
  'PATCH /api/enroll/approve': {
    call: () => ({ payload: { id: missingEnrollment } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'PATCH /api/enroll/reject': {
    call: () => ({ payload: { id: missingEnrollment } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'GET /api/client/parent': { expect: { ...staffOnly(200), audit: 200 } },
  // The account lists follow the menu (Accounts: admin, parent and user with Merchant
  // Accounts; Admin Accounts: admin and healnow), each scoped to the caller's reach on the server.
  'GET /api/client/all': { expect: { ...signedIn(200), healnow: 403, alpha: 403, audit: 200 } },
  'GET /api/portal/clients': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/clients': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/client/my-configurations': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/client/subpricing': {
    call: (ids) => ({ url: `/api/client/subpricing?apikey=login&clientid=${ids.harborLane}` }),
    expect: { ...signedIn(200), alpha: 403, foreign: 403, audit: 200 },
  },
  // Staff add sub-pricing; the matrix names a client that does not exist.
  'POST /api/subpricing': {
    call: () => ({ payload: { client_id: missingClient, mcc_code: '5814' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/subpricing/copy': {
    call: (ids) => ({ payload: { from_client_id: ids.harborLane, to_client_id: missingClient } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/enroll/hierarchy': {
    call: () => ({ payload: { enrollid: missingEnrollment, parent_legal_name: 'Matrix Parent' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/createsandbox': {
    call: () => ({ url: `/api/createsandbox?id=${missingEnrollment}` }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/enroll/developer': {
    call: () => ({
      payload: {
        id: missingEnrollment,
        name: 'Matrix Dev',
        email: 'dev@matrix.example',
        environment: 'sandbox',
      },
    }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/enroll/developer/email': {
    call: () => ({ payload: { id: missingEnrollment, email: 'dev@matrix.example' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  // Users & Contacts: staff and the parent above the account (Harbor Lane is Summit's); an empty
  // body is a 400 for the roles that pass.
  'GET /api/client/users': {
    call: (ids) => ({ url: `/api/client/users?id=${ids.harborLane}` }),
    expect: { ...signedIn(403), admin: 200, healnow: 200, parent: 200, audit: 200 },
  },
  'POST /api/user/new': {
    call: () => ({ payload: {} }),
    expect: { ...signedIn(403), admin: 400, healnow: 400, parent: 400, audit: 403 },
  },

  // Void and refund (the report's roles). The matrix sends no Idempotency-Key, so the roles that
  // pass get 400; merchant reach and rights are covered by payments.api.test.ts.
  'POST /api/void': {
    call: () => ({ payload: { id: '00000000-0000-4000-8000-00000000f00d' } }),
    expect: { ...signedIn(400), healnow: 403, alpha: 403, audit: 403 },
  },
  'POST /api/refund': {
    call: () => ({ payload: { id: '00000000-0000-4000-8000-00000000f00d' } }),
    expect: { ...signedIn(400), healnow: 403, alpha: 403, audit: 403 },
  },

  // Home dashboard: Merchant Data Sync and the alert cards are admin only; the
  // Merchants card is admin and parent; certification progress follows the Certification page.
  'GET /api/v1/manual-data-pull-accounts': { expect: { ...adminOnly, audit: 200 } },
  'POST /api/v1/manual-data-pull-accounts': {
    call: (ids) => ({ payload: { merchant_id: ids.harborLane } }),
    expect: { ...adminOnly, audit: 403 },
  },
  'GET /api/portal/clients-meta': {
    call: (ids) => ({ url: `/api/portal/clients-meta?id=${ids.harborLane}` }),
    expect: { ...adminOnly, parent: 200, audit: 200 },
  },
  'GET /api/risk': {
    call: (ids) => ({ url: `/api/risk?id=${ids.harborLane}` }),
    expect: { ...adminOnly, audit: 200 },
  },
  'GET /api/operations': {
    call: (ids) => ({ url: `/api/operations?id=${ids.harborLane}` }),
    expect: { ...adminOnly, audit: 200 },
  },
  // Risk Dashboard (admin only); the processor-audit admin reads, never notes or freezes.
  // Writes name ids no row has, so staff get 404 and nothing changes.
  'GET /api/transaction-monitoring': { expect: { ...adminOnly, audit: 200 } },
  'GET /api/transaction-monitoring/notes/:transactionId': {
    call: () => ({ url: `/api/transaction-monitoring/notes/${missingClient}` }),
    expect: { ...adminOnly, audit: 200 },
  },
  'POST /api/transaction-monitoring/notes': {
    call: () => ({ payload: { transaction_id: missingClient, content: 'Reviewed' } }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'GET /api/transaction-monitoring/attachments/:id': {
    call: () => ({ url: `/api/transaction-monitoring/attachments/${missingClient}` }),
    expect: { ...signedIn(403), admin: 404, audit: 404 },
  },
  // Risk's Disputes tab; the threshold change sends a value out of range, so staff get 400 and
  // nothing changes.
  'GET /api/risk/dispute-ratios': {
    call: (ids) => ({ url: `/api/risk/dispute-ratios?merchant_id=${ids.harborLane}` }),
    expect: { ...adminOnly, audit: 200 },
  },
  'PUT /api/risk/dispute-ratio-threshold': {
    call: () => ({ payload: { threshold: '0' } }),
    expect: { ...signedIn(403), admin: 400, audit: 403 },
  },
  'GET /api/merchant-names': { expect: { ...adminOnly, audit: 200 } },
  'GET /api/merchant-status/history': { expect: { ...adminOnly, audit: 200 } },
  'GET /api/merchant-status/:id': {
    call: (ids) => ({ url: `/api/merchant-status/${ids.harborLane}` }),
    expect: { ...adminOnly, audit: 200 },
  },
  'POST /api/merchant-status/:id/freeze': {
    call: () => ({ url: `/api/merchant-status/${missingClient}/freeze` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'POST /api/merchant-status/:id/unfreeze': {
    call: () => ({ url: `/api/merchant-status/${missingClient}/unfreeze` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  // Operations page and its report links (admin and white-label staff).
  'GET /api/report/operations': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/report/revshare': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/report/payout': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/report/subpricing': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/report/mcc': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/report/documents': { expect: { ...staffOnly(200), audit: 200 } },
  'GET /api/certification': {
    call: (ids) => ({ url: `/api/certification?id=${ids.harborLane}` }),
    expect: { ...signedIn(200), alpha: 403, foreign: 403, audit: 200 },
  },

  // Transaction reporting (admin, user, parent) and the dashboard stats (home: also
  // healnow), here naming Harbor Lane.
  'GET /api/v1/report': {
    call: (ids) => ({ url: `/api/v1/report?start=2025-06-01&end=2025-06-15&id=${ids.harborLane}` }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  'POST /api/v1/report/search': {
    call: (ids) => ({
      payload: {
        start_date: '2025-06-01T00:00:00.000Z',
        end_date: '2025-06-15T23:59:59.999Z',
        merchant_id: ids.harborLane,
      },
    }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  // Server-side exports: asking takes the report's access; the rest is the requester's own (the
  // matrix names no real export, so every signed-in caller gets 404).
  'POST /api/exports/transaction-report': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        format: 'csv',
        params: { start: '2025-06-01', end: '2025-06-15' },
        columns: ['created_at', 'amount'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  // The audit log's export takes the log's own access: admins, the processor-audit admin reading.
  'POST /api/exports/audit-log': {
    call: () => ({
      payload: {
        format: 'csv',
        params: {},
        columns: ['created_at', 'action'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...adminOnly, audit: 200 },
  },
  // The Disputes grid's export takes the grid's own access (Disputes on the merchant named).
  'POST /api/exports/disputes': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        format: 'xlsx',
        params: { status: 'needs_response' },
        columns: ['status', 'amount', 'days_left'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...harborStatements, audit: 200 },
  },
  // The Payouts grid's export takes the grid's own access (Payouts on the merchant named).
  'POST /api/exports/payouts': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        format: 'csv',
        params: {},
        columns: ['merchant_name', 'amount', 'payout_date'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...harborStatements, audit: 200 },
  },
  // The Statement grid's export takes the grid's own access (Payouts on the merchant named).
  'POST /api/exports/statements': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        format: 'csv',
        params: { 'year-month': '2025-09' },
        columns: ['merchant_name', 'month_year', 'net'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...harborStatements, audit: 200 },
  },
  // The Transaction Search grid's export takes the search's own access (Reports on the merchant named).
  'POST /api/exports/transaction-search': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        format: 'csv',
        params: { start_date: '2025-06-01T00:00:00.000Z', end_date: '2025-06-15T23:59:59.999Z' },
        columns: ['date_time', 'amount'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  // The vault's export takes the vault list's own access (Vault on the merchant named; the parent's
  // role above Harbor Lane does not grant it; processor-audit users are refused).
  'POST /api/exports/vault': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        format: 'csv',
        params: { last_name: 'a', first_name: 'a' },
        columns: ['name', 'email', 'methods'],
        time_zone: 'America/New_York',
      },
    }),
    expect: { ...harborStatements, parent: 403, audit: 403 },
  },
  'GET /api/exports': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/exports/:id': {
    call: () => ({ url: '/api/exports/00000000-0000-4000-8000-00000000e0e0' }),
    expect: { ...signedIn(404), audit: 404 },
  },
  'POST /api/exports/:id/cancel': {
    call: () => ({ url: '/api/exports/00000000-0000-4000-8000-00000000e0e0/cancel' }),
    expect: { ...signedIn(404), audit: 404 },
  },
  'POST /api/exports/:id/retry': {
    call: () => ({ url: '/api/exports/00000000-0000-4000-8000-00000000e0e0/retry' }),
    expect: { ...signedIn(404), audit: 404 },
  },
  'GET /api/exports/:id/download': {
    call: () => ({ url: '/api/exports/00000000-0000-4000-8000-00000000e0e0/download' }),
    expect: { ...signedIn(404), audit: 404 },
  },
  // Scheduling a saved layout takes the grid's own access, decided as each run decides it (the
  // owner's own, outside a session); the matrix names a recipient no merchant has, so those allowed
  // get 400. A processor-audit user makes no schedule.
  'POST /api/report-schedules/transaction-report': {
    call: (ids) => ({
      payload: scheduleOf({ merchant_id: ids.harborLane, params: {}, columns: ['amount'] }),
    }),
    expect: { ...signedIn(400), healnow: 403, alpha: 403, foreign: 403, audit: 403 },
  },
  'POST /api/report-schedules/audit-log': {
    call: () => ({ payload: scheduleOf({ params: {}, columns: ['action'] }) }),
    expect: { ...signedIn(403), admin: 400, audit: 403 },
  },
  'POST /api/report-schedules/disputes': {
    call: (ids) => ({
      payload: scheduleOf({ merchant_id: ids.harborLane, params: {}, columns: ['amount'] }),
    }),
    expect: { ...harborStatements, admin: 400, user: 400, parent: 400, audit: 403 },
  },
  'GET /api/report-schedules': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/report-schedules/recipients': {
    call: (ids) => ({ url: `/api/report-schedules/recipients?merchant_id=${ids.harborLane}` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  'POST /api/report-schedules/:id/pause': {
    call: () => ({ url: `/api/report-schedules/${missingSchedule}/pause` }),
    expect: { ...signedIn(404), audit: 403 },
  },
  'POST /api/report-schedules/:id/resume': {
    call: () => ({ url: `/api/report-schedules/${missingSchedule}/resume` }),
    expect: { ...signedIn(404), audit: 403 },
  },
  'DELETE /api/report-schedules/:id': {
    call: () => ({ url: `/api/report-schedules/${missingSchedule}` }),
    expect: { ...signedIn(404), audit: 403 },
  },
  // One report row by id; the matrix names no real transaction, so those who may ask get 404.
  'GET /api/v1/report/transaction': {
    call: () => ({ url: '/api/v1/report/transaction?id=00000000-0000-4000-8000-00000000f00d' }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 404 },
  },
  // A receipt is one row of the report; the matrix names no real transaction, so those who may ask get 404.
  'GET /api/v1/receipt': {
    call: () => ({ url: '/api/v1/receipt?id=00000000-0000-4000-8000-00000000f00d' }),
    expect: { ...signedIn(404), healnow: 403, alpha: 403, audit: 404 },
  },
  'GET /api/stats': {
    call: (ids) => ({ url: `/api/stats?id=${ids.harborLane}` }),
    expect: { ...signedIn(200), alpha: 403, foreign: 403, audit: 200 },
  },

  // Virtual terminals (admin, user, parent; the permissions page's alpha lists keys too).
  // The matrix sends no bearer key, so the roles that pass get 400; key reach is covered by
  // virtual-terminals.api.test.ts.
  // The list answers the secret key masked only; the full key comes from the reveal below.
  'GET /api/user/apikeys': { expect: { ...signedIn(200), healnow: 403, audit: 403 } },
  // Rolling Harbor Lane's secret key: those who may read it there (Payment Pages or Virtual Terminal
  // Configuration, or admin); the parent's role grants neither on Harbor Lane, which uses roles; never
  // another merchant, never the processor-audit user.
  'POST /api/user/apikeys/roll': {
    call: (ids) => ({ payload: { client_id: ids.harborLane, grace_days: 0 } }),
    expect: { ...signedIn(200), parent: 403, healnow: 403, foreign: 403, audit: 403 },
  },
  // Revealing Harbor Lane's secret key in full: exactly who may roll it.
  'POST /api/user/apikeys/reveal': {
    call: (ids) => ({ payload: { client_id: ids.harborLane } }),
    expect: { ...signedIn(200), parent: 403, healnow: 403, foreign: 403, audit: 403 },
  },
  'GET /api/virtualterminalurl': { expect: { ...signedIn(400), healnow: 403, alpha: 403, audit: 400 } },
  'POST /api/virtualterminalurl': {
    call: () => ({
      payload: {
        url: '/app/responsive-iframe/payment?params=e30=',
        customFields: [],
        apikey: 'matrix',
        name: 'Matrix',
        is_active: true,
      },
    }),
    expect: { ...signedIn(400), healnow: 403, alpha: 403, audit: 403 },
  },
  // The payment link builder has no session: without a bearer key everyone gets 400;
  // payment-links.api.test.ts covers the keys.
  'GET /api/apikeys/publishable-key': { expect: { ...same(400), audit: 400 } },
  'GET /api/client/link-config': { expect: { ...same(400), audit: 400 } },
  'GET /api/terminal': { expect: { ...same(400), audit: 400 } },
  // Terminals: user, admin and parent with Terminal Admin where the merchant
  // uses permissions; lists are scoped on the server, so a caller without terminals gets an empty one.
  // Ids and lanes no row has: 404 to those who may manage terminals; the processor-audit user reads.
  'GET /api/v1/terminals': { expect: terminalManagers(200) },
  'GET /api/terminal/merchants': { expect: terminalManagers(200) },
  'POST /api/terminal/link': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        authKey: 'matrix-key',
        laneId: 'matrix-lane',
        device_type: 'PAX',
        sub_entity_id: missingSubEntity,
      },
    }),
    // Summit's role on Harbor Lane holds no Terminal Admin.
    expect: { ...terminalManagers(404), parent: 403, foreign: 403, audit: 403 },
  },
  'PATCH /api/v1/terminals/:id': {
    call: () => ({ url: `/api/v1/terminals/${missingTerminal}`, payload: { sub_entity: null } }),
    expect: { ...terminalManagers(404), audit: 403 },
  },
  'DELETE /api/terminal/delete/:laneId': {
    call: () => ({ url: '/api/terminal/delete/no-such-lane' }),
    expect: { ...terminalManagers(404), audit: 403 },
  },
  // Validation (no Idempotency-Key, no order fields) answers before the merchant is looked at.
  'POST /api/order-pax': {
    call: (ids) => ({ payload: { merchant_id: ids.harborLane } }),
    expect: { ...terminalManagers(400), audit: 403 },
  },
  'POST /api/payment-links/sign': {
    call: () => ({ payload: { params: 'e30=' } }),
    expect: { ...same(400), audit: 400 },
  },
  // The signed-in link builder: Payment Pages on the merchant (Harbor Lane uses roles: its owner and
  // admin; the parent's and partner's roles lack it there). payment-links-session.api.test.ts covers
  // each caller; empty params are 400 to those allowed.
  'GET /api/payment-links/merchants': {
    expect: { ...signedIn(200), alpha: 403, audit: 403 },
  },
  'GET /api/payment-links/merchants/:client_id/link-config': {
    call: (ids) => ({ url: `/api/payment-links/merchants/${ids.harborLane}/link-config` }),
    expect: { ...harborPaymentPages(200), audit: 403 },
  },
  'GET /api/payment-links/merchants/:client_id/terminals': {
    call: (ids) => ({ url: `/api/payment-links/merchants/${ids.harborLane}/terminals` }),
    expect: { ...harborPaymentPages(200), audit: 403 },
  },
  'POST /api/payment-links/merchants/:client_id/sign': {
    call: (ids) => ({
      url: `/api/payment-links/merchants/${ids.harborLane}/sign`,
      payload: { params: 'e30=' },
    }),
    expect: { ...harborPaymentPages(400), audit: 403 },
  },
  // The payment frame has no sign-in: an empty or incomplete request is 400 for
  // everyone (the processor-audit user's session makes the writes 403); charges.api.test.ts
  // covers payers, the virtual terminal and every refusal.
  'POST /api/payment-frame/tokenize': { call: () => ({ payload: {} }), expect: { ...same(400), audit: 403 } },
  'GET /api/payment-frame/merchant': { expect: { ...same(400), audit: 400 } },
  'GET /api/payment-frame/logo': { expect: { ...same(400), audit: 400 } },
  'POST /api/payment-frame/charge': { call: () => ({ payload: {} }), expect: { ...same(400), audit: 403 } },
  'POST /api/payment-frame/sign': { call: () => ({ payload: {} }), expect: { ...same(400), audit: 403 } },
  // Short links and QR: without their query 400; an unknown short link 404 for
  // everyone; short-links.api.test.ts covers keys and sessions.
  'GET /api/urls': { expect: { ...same(400), audit: 400 } },
  'GET /api/qr': { expect: { ...same(400), audit: 400 } },
  'GET /url/:url_id': { call: () => ({ url: '/url/nothing1' }), expect: { ...same(404), audit: 404 } },
  // The payment frame page (not built in tests: 503, like /app/*).
  'GET /app/responsive-iframe/payment': { expect: { ...same(503), audit: 503 } },
  // The bare public address redirects to it.
  'GET /responsive-iframe/payment': { expect: { ...same(302), audit: 302 } },
  'PATCH /api/virtualterminalurl/:id': {
    call: () => ({
      url: '/api/virtualterminalurl/00000000-0000-4000-8000-000000000000',
      payload: { is_active: false },
    }),
    expect: { ...signedIn(400), healnow: 403, alpha: 403, audit: 403 },
  },

  // Crypto buttons of the home page (merchant roles, naming Harbor Lane). The sandbox
  // KYC page answers any caller by its signed link (forged here: 403); crypto.api.test.ts covers it.
  'GET /api/crypto/status': {
    call: (ids) => ({ url: `/api/crypto/status?merchant-id=${ids.harborLane}` }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  'GET /api/crypto/kyc-sso': {
    call: (ids) => ({ url: `/api/crypto/kyc-sso?merchant-id=${ids.harborLane}` }),
    expect: { ...signedIn(200), healnow: 403, alpha: 403, foreign: 403, audit: 200 },
  },
  'GET /api/crypto/sandbox/kyc': {
    call: (ids) => ({ url: `/api/crypto/sandbox/kyc?merchant-id=${ids.harborLane}&token=forged` }),
    expect: { ...same(403), audit: 403 },
  },

  // Account data page and processor enablement (staff only). Writes name a client
  // no row has, so nothing changes; the sandbox ProPay portal answers by its signed link (forged: 403).
  'GET /api/account-data': {
    call: (ids) => ({ url: `/api/account-data?id=${ids.harborLane}` }),
    expect: { ...staffOnly(200), audit: 200 },
  },
  'GET /api/processor-enablement': {
    call: (ids) => ({ url: `/api/processor-enablement?id=${ids.harborLane}` }),
    expect: { ...staffOnly(200), audit: 200 },
  },
  'POST /api/epx/enable': {
    call: () => ({ payload: { id: missingClient } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'PATCH /api/client/enablepropay': {
    call: () => ({ payload: { id: missingClient, is_ach_only: true } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'POST /api/enable-forum-pay': {
    call: () => ({ payload: { merchant_id: missingClient } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'GET /api/sso/propay': {
    call: () => ({ url: `/api/sso/propay?client_id=${missingClient}` }),
    expect: { ...staffOnly(404), audit: 404 },
  },
  'GET /api/propay/sandbox/portal': {
    call: (ids) => ({ url: `/api/propay/sandbox/portal?client_id=${ids.harborLane}&token=forged` }),
    expect: { ...same(403), audit: 403 },
  },

  // Merchant-scoped: Harbor Lane Coffee.
  // Users page: the Users permission on the merchant named (foreign ids answer 404).
  'GET /api/client/my-users': {
    call: (ids) => ({ url: `/api/client/my-users?merchant_id=${ids.harborLane}` }),
    expect: { ...signedIn(200), healnow: 403, foreign: 403, audit: 200 },
  },
  'POST /api/user': {
    call: () => ({
      payload: { name: 'Matrix User', email: 'matrix@example.com', merchant_id: missingClient, role: null },
    }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'PATCH /api/user/update': {
    call: () => ({
      payload: {
        id: missingUser,
        name: 'Matrix User',
        email: 'matrix@example.com',
        memberships: [{ merchant_id: missingClient, role: null }],
        default_client_id: missingClient,
        locations: [],
      },
    }),
    expect: { ...signedIn(404), audit: 403 },
  },
  'DELETE /api/user/delete': {
    call: () => ({ url: `/api/user/delete?id=${missingUser}` }),
    expect: { ...signedIn(404), audit: 403 },
  },
  // Permissions page: Permissions on Harbor Lane (RBAC on): its Owner, alpha (Location
  // Admin), the parent's Partner Admin and admin; healnow holds nothing there.
  'GET /api/rbac/:clientId/roles': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/roles` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  'POST /api/rbac/:clientId/roles': {
    call: () => ({ url: `/api/rbac/${missingClient}/roles`, payload: { name: 'Matrix' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'PATCH /api/rbac/:clientId/roles/:roleId': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/roles/${missingRole}`, payload: { name: 'Matrix' } }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'DELETE /api/rbac/:clientId/roles/:roleId': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/roles/${missingRole}?force=true` }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'PUT /api/rbac/:clientId/roles/:roleId/permissions': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/permissions`,
      payload: { permissions: ['Reports'] },
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'POST /api/rbac/:clientId/roles/:roleId/permissions/:permission': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/permissions/Reports` }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'DELETE /api/rbac/:clientId/roles/:roleId/permissions/:permission': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/permissions/Reports` }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'POST /api/rbac/:clientId/roles/:roleId/terminals/:terminalId/hideable-fields/:fieldName': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/terminals/${missingTerminal}/hideable-fields/Field`,
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'DELETE /api/rbac/:clientId/roles/:roleId/terminals/:terminalId/hideable-fields/:fieldName': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/terminals/${missingTerminal}/hideable-fields/Field`,
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'POST /api/rbac/:clientId/roles/:roleId/terminals/:terminalId/omittable-fields/:fieldName': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/terminals/${missingTerminal}/omittable-fields/Field`,
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'DELETE /api/rbac/:clientId/roles/:roleId/terminals/:terminalId/omittable-fields/:fieldName': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/roles/${missingRole}/terminals/${missingTerminal}/omittable-fields/Field`,
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'POST /api/rbac/:clientId/users/:userId/sub-entities/:subEntityId': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/users/${missingUser}/sub-entities/${missingSubEntity}`,
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'DELETE /api/rbac/:clientId/users/:userId/sub-entities/:subEntityId': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/users/${missingUser}/sub-entities/${missingSubEntity}`,
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'GET /api/rbac/:clientId/users': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/users?with_recursion=true` }),
    expect: { ...permissionManagers(200), audit: 200 },
  },
  'PATCH /api/rbac/:clientId/users/:userId': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/users/${missingUser}`, payload: { role: null } }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'GET /api/rbac/:clientId/sub-entities': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/sub-entities` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  'GET /api/rbac/:clientId/groups': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/groups` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  'GET /api/permissions/merchants': { expect: { ...signedIn(200), audit: 200 } },
  'GET /api/permissions/merchant/:id/terminals': {
    call: (ids) => ({ url: `/api/permissions/merchant/${ids.harborLane}/terminals` }),
    expect: { ...permissionManagers(200), audit: 200 },
  },
  'GET /api/permissions/merchant/:merchantId/terminal/:terminalId/custom-fields': {
    call: (ids) => ({
      url: `/api/permissions/merchant/${ids.harborLane}/terminal/${missingTerminal}/custom-fields`,
    }),
    expect: { ...permissionManagers(404), audit: 404 },
  },
  'GET /api/rbac/:clientId/permissions': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/permissions` }),
    expect: { ...signedIn(200), foreign: 403, audit: 200 },
  },
  // Sub-locations: holders of Permissions on the merchant.
  'GET /api/rbac/:merchantId/mid-overrides': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/mid-overrides` }),
    expect: { ...permissionManagers(200), audit: 200 },
  },
  'POST /api/rbac/:merchantId/sub-entities': {
    call: () => ({ url: `/api/rbac/${missingClient}/sub-entities`, payload: { name: 'Matrix' } }),
    expect: { ...staffOnly(404), audit: 403 },
  },
  'PATCH /api/rbac/:merchantId/sub-entities/:id': {
    call: (ids) => ({
      url: `/api/rbac/${ids.harborLane}/sub-entities/${missingSubEntity}`,
      payload: { name: 'Matrix' },
    }),
    expect: { ...permissionManagers(404), audit: 403 },
  },
  'DELETE /api/rbac/:merchantId/sub-entities/:id': {
    call: (ids) => ({ url: `/api/rbac/${ids.harborLane}/sub-entities/${missingSubEntity}` }),
    expect: { ...permissionManagers(404), audit: 403 },
  },

  // Mimic: admin, and parents and alpha users with Permissions over the user's merchants who hold
  // no less than the user there. Harbor Lane's barista holds Charge and Virtual Terminal, which
  // neither the reseller nor the alpha user holds: only admin may mimic them. A made-up link is a
  // clear 422 to whoever may redeem one.
  'POST /api/loginlink': {
    call: () => ({ payload: { email: demo.barista } }),
    expect: { ...signedIn(403), admin: 200, audit: 403 },
  },
  'POST /api/mimic/session': {
    call: () => ({ payload: { token: 'A'.repeat(43) } }),
    expect: { ...signedIn(403), admin: 422, parent: 422, alpha: 422, audit: 403 },
  },
  // Nobody here is mimicking: 409 for everyone signed in.
  'POST /api/mimic/stop': { expect: { ...signedIn(409), audit: 409 } },
  'GET /api/mimic/session': { expect: { ...signedIn(200), audit: 200 } },
  // View-as: staff and the parent above Harbor Lane; processor-audit users write nothing.
  'POST /api/view-as': {
    call: (ids) => ({ payload: { client_id: ids.harborLane } }),
    expect: { ...signedIn(403), admin: 200, healnow: 200, parent: 200, audit: 403 },
  },
  'POST /api/view-as/stop': {
    call: (ids) => ({ payload: { client_id: ids.harborLane } }),
    expect: { ...signedIn(403), admin: 200, healnow: 200, parent: 200, audit: 403 },
  },
  // The audit log page: admin, and the processor-audit admin reads it.
  'GET /api/audit-log': { expect: { ...adminOnly, audit: 200 } },
  // Webhooks (the Developers page): holders of Developers on Harbor Lane, its parent and admin; the
  // processor-audit admin reads. An address that is not http(s) is refused before anything is stored.
  'GET /api/webhooks/endpoints': {
    call: (ids) => ({ url: `/api/webhooks/endpoints?merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'POST /api/webhooks/endpoints': {
    call: (ids) => ({
      payload: {
        merchant_id: ids.harborLane,
        url: 'ftp://example.com/hook',
        event_types: ['payment.approved'],
      },
    }),
    expect: { ...harborStatements, admin: 400, user: 400, parent: 400, audit: 403 },
  },
  'PATCH /api/webhooks/endpoints/:id': {
    call: () => ({ url: `/api/webhooks/endpoints/${missingWebhookRecord}`, payload: { is_enabled: false } }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'DELETE /api/webhooks/endpoints/:id': {
    call: () => ({ url: `/api/webhooks/endpoints/${missingWebhookRecord}` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'POST /api/webhooks/endpoints/:id/roll-secret': {
    call: () => ({ url: `/api/webhooks/endpoints/${missingWebhookRecord}/roll-secret` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'POST /api/webhooks/endpoints/:id/test': {
    call: () => ({ url: `/api/webhooks/endpoints/${missingWebhookRecord}/test` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'GET /api/webhooks/deliveries': {
    call: (ids) => ({ url: `/api/webhooks/deliveries?merchant_id=${ids.harborLane}` }),
    expect: { ...harborStatements, audit: 200 },
  },
  'POST /api/webhooks/deliveries/:id/resend': {
    call: () => ({ url: `/api/webhooks/deliveries/${missingWebhookRecord}/resend` }),
    expect: { ...signedIn(403), admin: 404, audit: 403 },
  },
  'POST /api/webhooks/deliveries/resend-failed': {
    call: (ids) => ({ payload: { merchant_id: ids.harborLane, since: '2025-01-01T00:00:00Z' } }),
    expect: { ...harborStatements, audit: 403 },
  },
  // The job runner's runs: staff; the processor-audit admin reads them.
  'GET /api/jobs/runs': { expect: { ...adminOnly, audit: 200 } },
  // Run now: staff only, a write the processor-audit admin may not make; a name no job has is a 404.
  'POST /api/jobs/:name/run': {
    call: () => ({ url: '/api/jobs/no-such-job/run' }),
    expect: { ...adminOnly, admin: 404, audit: 403 },
  },
  // Browser error reports: anyone, the sign-in page included.
  'POST /api/client-errors': {
    call: () => ({ payload: { kind: 'error', message: 'boom', url: '/app/home', release: 'test' } }),
    expect: { ...same(200), audit: 200 },
  },
  // Key entry: staff only; the processor-audit admin reads check values, loads nothing.
  'GET /api/key-entry/kcv': { expect: { ...adminOnly, audit: 200 } },
  'POST /api/key-entry': {
    call: () => ({ payload: { component: '0123456789ABCDEFFEDCBA9876543210' } }),
    expect: { ...adminOnly, audit: 403 },
  },
  // No key is complete yet: 422 to staff.
  'POST /api/key-entry/arn': {
    call: () => ({ payload: { arn: 'arn:aws:payment-cryptography:us-east-2:111122223333:key/abc' } }),
    expect: { ...signedIn(403), admin: 422, audit: 403 },
  },
  'POST /api/remote-key-injection': {
    call: () => ({ payload: { ksn: 'FFFF9876543210E00000' } }),
    expect: { ...signedIn(403), admin: 422, audit: 403 },
  },
};

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let ids: Ids;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  const [owner] = await ctx.app.db
    .select({ clientId: users.defaultClientId })
    .from(users)
    .where(eq(users.email, demo.owner));
  const [harbor] = await ctx.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, owner?.clientId ?? ''));
  if (!harbor) throw new Error('demo data without Harbor Lane Coffee');
  const [fernFig] = await ctx.app.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.dbaName, 'Fern & Fig Kitchen'));
  const [harborDocument] = await ctx.app.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.clientId, harbor.id));
  if (!fernFig || !harborDocument) throw new Error('demo data without enrollments or documents');
  ids = { harborLane: harbor.id, fernFig: fernFig.id, harborDocument: harborDocument.id };
});
afterAll(() => ctx.close());

const rowKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = new Set(ctx.app.routeCatalog.map((route) => rowKey(route.method, route.url)));
    const missing = [...registered].filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !registered.has(key));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    expect(stale, 'rows for routes that are not registered').toEqual([]);
    // The processor-audit user is stated on every row, never left to a default.
    const withoutAudit = Object.entries(matrix)
      .filter(([, row]) => typeof row.expect.audit !== 'number')
      .map(([key]) => key);
    expect(withoutAudit, 'rows without an expectation for the processor-audit user').toEqual([]);
  });

  // One test per row: a failing row names itself, and no single test carries the whole walk.
  it.each(Object.keys(matrix))('gives every actor the expected answer on %s', async (key) => {
    const row = matrix[key];
    const [method = 'GET', url = '/'] = key.split(' ');
    if (!row) throw new Error(`no row ${key}`);
    const call = row.call?.(ids) ?? {};
    const mismatches: string[] = [];
    for (const actor of actors) {
      // A fresh session per call: logout and sign-in revoke the one they are given.
      const cookie = actor === 'anonymous' ? undefined : await sessionCookieFor(ctx.app.db, accountOf[actor]);
      const res = await ctx.app.inject({
        method:
          method === 'HEAD' ||
          method === 'POST' ||
          method === 'PUT' ||
          method === 'PATCH' ||
          method === 'DELETE'
            ? method
            : 'GET',
        url: call.url ?? url,
        ...(call.payload ? { payload: call.payload } : {}),
        ...(cookie ? { headers: { cookie } } : {}),
      });
      const expected = row.expect[actor];
      if (res.statusCode !== expected)
        mismatches.push(`as ${actor}: ${res.statusCode}, expected ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });
});
