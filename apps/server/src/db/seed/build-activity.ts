import type { processorCostModels } from '../schema/costing';
import type { dataSyncRequests } from '../schema/data-sync';
import type { certificationTests, developerRegistrations } from '../schema/developers';
import type { documents, fileBlobs } from '../schema/documents';
import type { notes } from '../schema/notes';
import type { merchantStatusHistory } from '../schema/risk';
import type { auditLog, emailOutbox } from '../schema/system';
import { clientIdOf } from './build-clients';
import type { EnrollmentsPart } from './build-enrollments';
import { withDebitCostModels } from './card-type-cost-models';
import { type ClientKey, merchantSpecs, parentSpecs, primaryClient } from './demo-catalog';
import { brandMarkPng, minimalPdf, sha256Hex, tinyPng } from './files';
import { createRng, type Rng, seedFromLabel } from './prng';
import type { SeedContext } from './seed-context';

type NoteRow = typeof notes.$inferInsert;
type DocumentRow = typeof documents.$inferInsert;
type BlobRow = typeof fileBlobs.$inferInsert;
type CostModelRow = typeof processorCostModels.$inferInsert;

export type ActivityPart = {
  notes: NoteRow[];
  fileBlobs: BlobRow[];
  documents: DocumentRow[];
  logoKeys: ReadonlyMap<string, string>;
  merchantStatusHistory: (typeof merchantStatusHistory.$inferInsert)[];
  auditLog: (typeof auditLog.$inferInsert)[];
  emailOutbox: (typeof emailOutbox.$inferInsert)[];
  developerRegistrations: (typeof developerRegistrations.$inferInsert)[];
  certificationTests: (typeof certificationTests.$inferInsert)[];
  processorCostModels: CostModelRow[];
  dataSyncRequests: (typeof dataSyncRequests.$inferInsert)[];
  // Storage keys of the files attached to seeded risk notes (derived in SQL from the transactions).
  riskAttachmentKeys: string[];
};

export type ActivityInput = {
  clientIds: ReadonlyMap<ClientKey, string>;
  enrollments: EnrollmentsPart;
  adminUserId: string;
  adminEmail: string;
};

export function buildActivity(ctx: SeedContext, input: ActivityInput): ActivityPart {
  const rng = createRng(seedFromLabel('activity'));
  const part: ActivityPart = {
    notes: [],
    fileBlobs: [],
    documents: [],
    logoKeys: new Map(),
    merchantStatusHistory: [],
    auditLog: [],
    emailOutbox: [],
    developerRegistrations: developerRegistrationRows(ctx, rng),
    certificationTests: certificationRows(ctx, rng, input.clientIds),
    dataSyncRequests: dataSyncRows(ctx, rng, input),
    processorCostModels: withDebitCostModels(processorCostModelRows()),
    riskAttachmentKeys: [],
  };
  addClientNotes(ctx, rng, part, input);
  addEnrollmentNotes(rng, part, input);
  addStatementNotes(ctx, rng, part, input.adminUserId);
  addDocuments(ctx, rng, part, input);
  addLogos(rng, part, input.clientIds);
  addRiskAttachments(rng, part);
  addStatusHistory(ctx, rng, part, input);
  addApprovalAudit(ctx, rng, part, input);
  addEmails(ctx, rng, part, input);
  return part;
}

const merchantNotes: { category: NoteRow['category']; domain: string; comment: string }[] = [
  {
    category: 'note',
    domain: 'account',
    comment: 'Owner called about next-day funding; explained the split settlement schedule.',
  },
  {
    category: 'operations',
    domain: 'terminal',
    comment: 'Terminal replaced after a hardware fault; new serial assigned.',
  },
  {
    category: 'operations',
    domain: 'bank',
    comment: 'Settlement account updated after voided check review.',
  },
  {
    category: 'risk',
    domain: 'review',
    comment: 'Reviewed high-ticket transactions; invoices provided, no action needed.',
  },
  { category: 'dnc', domain: 'contact', comment: 'Do not call before 10am local time (owner request).' },
  { category: 'system', domain: 'statement', comment: 'Monthly statement generated and e-mailed.' },
];

function addClientNotes(ctx: SeedContext, rng: Rng, part: ActivityPart, input: ActivityInput) {
  for (const spec of merchantSpecs) {
    const clientId = clientIdOf(input.clientIds, spec.key);
    for (let i = 0; i < rng.between(1, 3); i++) {
      const template = rng.pick(merchantNotes);
      part.notes.push({
        id: rng.uuid(),
        clientId,
        domain: template.domain,
        category: template.category,
        comment: template.comment,
        data: { message: template.comment },
        createdByUserId: input.adminUserId,
        createdAt: ctx.daysAgo(rng.between(1, Math.max(spec.liveDaysAgo, 2)), rng.between(13, 22)),
      });
    }
    if (spec.payment) {
      // Processor enablement results are events, not notes.
      part.notes.push({
        id: rng.uuid(),
        clientId,
        domain: 'enablement',
        subDomain: spec.payment,
        category: 'system',
        comment: `${spec.payment.toUpperCase()} enablement completed`,
        data: { status: 'success', message: 'Merchant enabled', merchantId: rng.digits(10) },
        origin: 'System',
        isEvent: true,
        createdAt: ctx.daysAgo(spec.liveDaysAgo + 1, 18),
      });
    }
  }
}

const kycComments: Record<string, string> = {
  pending: 'KYC submitted; waiting for the identity service.',
  passed: 'KYC passed: identity and business verified.',
  failed: 'KYC failed: the principal SSN does not match the name given.',
  needs_review: 'KYC needs review: business address could not be verified.',
};

function addEnrollmentNotes(rng: Rng, part: ActivityPart, input: ActivityInput) {
  for (const enrollment of input.enrollments.enrollments) {
    const kyc = enrollment.kycStatus ? kycComments[enrollment.kycStatus] : undefined;
    if (kyc && enrollment.kycCheckedAt) {
      part.notes.push({
        id: rng.uuid(),
        enrollmentId: enrollment.id,
        domain: 'kyc',
        subDomain: 'KYC',
        category: 'system',
        comment: kyc,
        data: { message: kyc, status: enrollment.kycStatus },
        origin: 'System',
        createdAt: enrollment.kycCheckedAt,
      });
    }
    if (enrollment.ctaSentAt) {
      part.notes.push({
        id: rng.uuid(),
        enrollmentId: enrollment.id,
        domain: 'cta',
        category: 'note',
        comment: `Click-to-agree link sent to ${enrollment.email ?? 'the applicant'}.`,
        createdByUserId: input.adminUserId,
        createdAt: enrollment.ctaSentAt,
      });
    }
  }
}

function addStatementNotes(ctx: SeedContext, rng: Rng, part: ActivityPart, adminUserId: string) {
  const texts = [
    'Statements now show processor fees by card brand.',
    'Reminder: statements post on the first day of each month for the prior month.',
    'Holiday schedule: deposits for federal holidays arrive the next business day.',
  ];
  texts.forEach((comment, i) => {
    part.notes.push({
      id: rng.uuid(),
      domain: 'statement',
      category: 'statementNote',
      comment,
      createdByUserId: adminUserId,
      createdAt: ctx.daysAgo(20 + i * 35, 14),
    });
  });
}

type FileSpec = { fileName: string; tag: string; kind: 'pdf' | 'png'; note?: string };

function storeFile(rng: Rng, part: ActivityPart, spec: FileSpec, title: string) {
  const content = spec.kind === 'pdf' ? minimalPdf([title, spec.fileName.replace(/\.[a-z]+$/, '')]) : tinyPng;
  const storageKey = `seed/${rng.uuid()}.${spec.kind}`;
  part.fileBlobs.push({ storageKey, content });
  return {
    fileName: spec.fileName,
    extension: spec.kind,
    mimeType: spec.kind === 'pdf' ? 'application/pdf' : 'image/png',
    sizeBytes: content.length,
    storageKey,
    sha256: sha256Hex(content),
  };
}

function addDocuments(ctx: SeedContext, rng: Rng, part: ActivityPart, input: ActivityInput) {
  const clientFiles: FileSpec[] = [
    {
      fileName: 'Processing Statement.pdf',
      tag: 'Statement',
      kind: 'pdf',
      note: 'Prior processor statement',
    },
    { fileName: 'Business License.pdf', tag: 'License', kind: 'pdf' },
    { fileName: 'Voided Check.png', tag: 'Voided Check', kind: 'png' },
  ];
  for (const spec of merchantSpecs.filter((_, i) => i % 3 === 0)) {
    for (const file of clientFiles.slice(0, rng.between(1, 3))) {
      part.documents.push({
        id: rng.uuid(),
        clientId: clientIdOf(input.clientIds, spec.key),
        tag: file.tag,
        note: file.note ?? null,
        ...storeFile(rng, part, file, spec.dba),
        uploadedByUserId: input.adminUserId,
        dateTimeUploaded: ctx.daysAgo(spec.liveDaysAgo + 25, rng.between(13, 21)),
      });
    }
  }
  for (const enrollment of input.enrollments.enrollments) {
    const isPerson = enrollment.applicationType !== 'Merchant';
    const file: FileSpec = isPerson
      ? { fileName: 'Custom Agreement.pdf', tag: 'Agreement', kind: 'pdf' }
      : { fileName: 'Voided Check.pdf', tag: 'Voided Check', kind: 'pdf' };
    part.documents.push({
      id: rng.uuid(),
      enrollmentId: enrollment.id,
      tag: file.tag,
      ...storeFile(rng, part, file, enrollment.dbaName ?? `${enrollment.firstName} ${enrollment.lastName}`),
      dateTimeUploaded: enrollment.createdAt,
    });
  }
}

function addLogos(rng: Rng, part: ActivityPart, clientIds: ReadonlyMap<ClientKey, string>) {
  const keys = new Map<string, string>();
  // Portico's orange, then one colour per parent unless it is white-labelled with its own.
  const palette = ['#1f4e79', '#1c7ed6', '#6741d9', '#c2255c'];
  const clients: { key: ClientKey; name: string; color: string }[] = [
    { key: 'primary', name: primaryClient.name, color: '#f7931e' },
    ...parentSpecs.map((p, i) => ({
      key: p.key,
      name: p.name,
      color: p.whiteLabel?.color ?? palette[i % palette.length] ?? '#1f4e79',
    })),
  ];
  for (const client of clients) {
    const storageKey = `seed/logo-${rng.uuid()}.png`;
    part.fileBlobs.push({ storageKey, content: brandMarkPng(client.name, client.color) });
    keys.set(clientIdOf(clientIds, client.key), storageKey);
  }
  part.logoKeys = keys;
}

function addRiskAttachments(rng: Rng, part: ActivityPart) {
  for (let i = 1; i <= 3; i++) {
    const storageKey = `seed/${rng.uuid()}.pdf`;
    part.fileBlobs.push({ storageKey, content: minimalPdf(['Invoice', `Risk review attachment ${i}`]) });
    part.riskAttachmentKeys.push(storageKey);
  }
}

function addStatusHistory(ctx: SeedContext, rng: Rng, part: ActivityPart, input: ActivityInput) {
  const sawgrass = clientIdOf(input.clientIds, 'sawgrass-event-rentals');
  const bayou = clientIdOf(input.clientIds, 'bayou-bistro');
  const events: { clientId: string; status: 'Active' | 'Frozen'; daysAgo: number; reason: string }[] = [
    { clientId: bayou, status: 'Frozen', daysAgo: 45, reason: 'Chargeback ratio above 1% pending documents' },
    { clientId: bayou, status: 'Active', daysAgo: 43, reason: 'Delivery receipts received and reviewed' },
    { clientId: sawgrass, status: 'Frozen', daysAgo: 6, reason: 'Velocity alert: card-testing pattern' },
  ];
  for (const event of events) {
    const at = ctx.daysAgo(event.daysAgo, 17, 30);
    part.merchantStatusHistory.push({
      id: rng.uuid(),
      clientId: event.clientId,
      status: event.status,
      changedByUserId: input.adminUserId,
      reason: event.reason,
      createdAt: at,
    });
    part.auditLog.push({
      id: rng.uuid(),
      actorUserId: input.adminUserId,
      actorEmail: input.adminEmail,
      action: event.status === 'Frozen' ? 'merchant.freeze' : 'merchant.unfreeze',
      targetType: 'client',
      targetId: event.clientId,
      clientId: event.clientId,
      outcome: 'success',
      ip: '198.51.100.10',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko)',
      details: { reason: event.reason },
      createdAt: at,
    });
  }
}

function addApprovalAudit(ctx: SeedContext, rng: Rng, part: ActivityPart, input: ActivityInput) {
  for (const enrollment of input.enrollments.enrollments) {
    const decidedAt = enrollment.approvedAt ?? enrollment.rejectedAt;
    if (!decidedAt) continue;
    part.auditLog.push({
      id: rng.uuid(),
      actorUserId: input.adminUserId,
      actorEmail: input.adminEmail,
      action: enrollment.approvedAt ? 'enrollment.approve' : 'enrollment.reject',
      targetType: 'enrollment',
      targetId: enrollment.id,
      clientId: enrollment.clientId ?? null,
      outcome: 'success',
      ip: '198.51.100.10',
      details: { dba_name: enrollment.dbaName },
      createdAt: decidedAt,
    });
  }
  // A refused call is recorded too: the audit log keeps failed authorizations.
  part.auditLog.push({
    id: rng.uuid(),
    actorEmail: 'barista@harborlanecoffee.example',
    action: 'transaction.refund',
    targetType: 'route',
    targetId: 'POST /api/refund',
    outcome: 'denied',
    ip: '203.0.113.77',
    details: { reason: 'missing permission Refund Card' },
    createdAt: ctx.daysAgo(3, 19, 12),
  });
}

function addEmails(ctx: SeedContext, rng: Rng, part: ActivityPart, input: ActivityInput) {
  for (const enrollment of input.enrollments.enrollments) {
    if (!enrollment.ctaSentAt || !enrollment.email) continue;
    const subject = 'Complete your merchant application';
    part.emailOutbox.push({
      id: rng.uuid(),
      toAddresses: [enrollment.email],
      subject,
      bodyText: `Hello,\n\nPlease review and accept your merchant agreement for ${enrollment.dbaName ?? 'your business'}.`,
      bodyHtml: `<p>Please review and accept your merchant agreement for ${enrollment.dbaName ?? 'your business'}.</p>`,
      status: 'sent',
      attempts: 1,
      nextAttemptAt: enrollment.ctaSentAt,
      sentAt: enrollment.ctaSentAt,
      createdAt: enrollment.ctaSentAt,
    });
  }
  const failedAt = ctx.daysAgo(8, 16);
  part.emailOutbox.push({
    id: rng.uuid(),
    toAddresses: ['owner@sierravistacycles.example'],
    subject: 'Your monthly statement is ready',
    bodyText: 'Your statement for last month is ready in the portal.',
    status: 'failed',
    attempts: 5,
    nextAttemptAt: failedAt,
    lastError: '550 5.1.1 mailbox unavailable',
    createdAt: failedAt,
  });
}

function developerRegistrationRows(ctx: SeedContext, rng: Rng): ActivityPart['developerRegistrations'] {
  const developers = [
    { firstName: 'Ivy', lastName: 'Chen', company: 'Clinicflow Software', now: '0-50', later: '51-200' },
    { firstName: 'Omar', lastName: 'Haddad', company: 'Tablet POS Labs', now: '51-200', later: '201-500' },
    { firstName: 'Grace', lastName: 'Olsen', company: 'Membership Cloud', now: '0-50', later: '0-50' },
  ] as const;
  return developers.map((dev, i) => ({
    id: rng.uuid(),
    firstName: dev.firstName,
    lastName: dev.lastName,
    email: `${dev.firstName}@${dev.company.toLowerCase().replace(/[^a-z]/g, '')}.example`.toLowerCase(),
    company: dev.company,
    features: ['enroll_merchants', 'transaction_reports', 'void_refund', i === 1 ? 'terminals' : 'iframe'],
    expectedMerchantsNow: dev.now,
    expectedMerchants90Days: dev.later,
    callbackUrl: `https://api.${dev.company.toLowerCase().replace(/[^a-z]/g, '')}.example/webhooks/payments`,
    instructionsSentAt: ctx.daysAgo(10 + i * 20, 15),
    createdAt: ctx.daysAgo(10 + i * 20, 15),
  }));
}

function certificationRows(
  ctx: SeedContext,
  rng: Rng,
  clientIds: ReadonlyMap<ClientKey, string>,
): ActivityPart['certificationTests'] {
  const clientId = clientIdOf(clientIds, 'orbit-commerce-labs');
  const tests = [
    { category: 'charges', requiredEndpoint: 'POST /api/charge (card, $4.23)', isPassed: true },
    { category: 'charges', requiredEndpoint: 'POST /api/charge (ACH, $5.26)', isPassed: true },
    { category: 'refunds', requiredEndpoint: 'POST /api/refund (card, $2.11)', isPassed: true },
    { category: 'reporting', requiredEndpoint: 'GET /api/v1/report', isPassed: false },
  ];
  return tests.map((test, i) => ({
    id: rng.uuid(),
    clientId,
    ...test,
    testResult: test.isPassed ? 'Approved' : 'Not attempted',
    completedAt: ctx.daysAgo(6 - i, 18),
  }));
}

// Past merchant data syncs an admin asked for: one done, one that failed (an open ops alert).
function dataSyncRows(ctx: SeedContext, rng: Rng, input: ActivityInput): ActivityPart['dataSyncRequests'] {
  const requested = { requestedByUserId: input.adminUserId, requestedByEmail: input.adminEmail };
  return [
    {
      id: rng.uuid(),
      clientId: clientIdOf(input.clientIds, 'harbor-lane-coffee'),
      status: 'completed',
      ...requested,
      requestedAt: ctx.daysAgo(5, 14),
      startedAt: ctx.daysAgo(5, 14),
      completedAt: ctx.daysAgo(5, 15),
    },
    {
      id: rng.uuid(),
      clientId: clientIdOf(input.clientIds, 'magnolia-grill'),
      status: 'failed',
      ...requested,
      requestedAt: ctx.daysAgo(2, 9),
      startedAt: ctx.daysAgo(2, 9),
      completedAt: ctx.daysAgo(2, 9),
      lastError: 'The processor did not answer in time',
    },
  ];
}

// What each processor charges the provider (interchange, dues and assessments, markup, item fees).
function processorCostModelRows(): CostModelRow[] {
  const brands = [
    { cardBrand: 'VISA', interchangeBps: '180', duesAssessmentsBps: '14' },
    { cardBrand: 'MC', interchangeBps: '185', duesAssessmentsBps: '13.75' },
    { cardBrand: 'AMEX', interchangeBps: '250', duesAssessmentsBps: '16.5' },
    { cardBrand: 'DISC', interchangeBps: '175', duesAssessmentsBps: '13.5' },
  ];
  const cardProcessors = [
    {
      processor: 'fis',
      processorBps: '5',
      authorizationFeeCents: 3,
      splitFeeCents: 2,
      marginSharePercent: '0',
    },
    {
      processor: 'epx',
      processorBps: '3',
      authorizationFeeCents: 2,
      splitFeeCents: 0,
      marginSharePercent: '0',
    },
    {
      processor: 'bluesnap',
      processorBps: '10',
      authorizationFeeCents: 5,
      splitFeeCents: 0,
      marginSharePercent: '20',
    },
    {
      processor: 'merchante',
      processorBps: '6',
      authorizationFeeCents: 4,
      splitFeeCents: 0,
      marginSharePercent: '0',
    },
    {
      processor: 'propay',
      processorBps: '8',
      authorizationFeeCents: 5,
      splitFeeCents: 3,
      marginSharePercent: '0',
    },
  ] as const;
  const rows: CostModelRow[] = cardProcessors.flatMap((p) =>
    brands.map((b) => ({ ...p, ...b, perItemCents: 10, effectiveFrom: '2020-01-01' })),
  );
  const flat = (
    processor: CostModelRow['processor'],
    cardBrand: string,
    processorBps: string,
    perItemCents: number,
  ) => ({
    processor,
    cardBrand,
    interchangeBps: '0',
    duesAssessmentsBps: '0',
    processorBps,
    perItemCents,
    effectiveFrom: '2020-01-01',
  });
  rows.push(
    flat('xpress', 'ACH', '0', 15),
    flat('propay', 'ACH', '0', 25),
    flat('forumpay', 'CRYPTO', '50', 0),
    flat('curpay', 'CRYPTO', '60', 0),
  );
  return rows;
}
