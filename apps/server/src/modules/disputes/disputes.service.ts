import { createHash, randomUUID } from 'node:crypto';
import { Permission } from '@portico/contracts/access/permission-names';
import { type DisputeNoticeKind, dueReminderOf } from '@portico/contracts/disputes/dispute-notices';
import {
  chargebackRowOf,
  type DisputeCategory,
  DisputeCategoryExplanation,
  DisputeErrorCode,
  DisputeReasonCode,
  DisputeText,
  disputeWonRowOf,
  type EvidenceKind,
  helpfulEvidenceOf,
  isDecided,
  respondByOf,
} from '@portico/contracts/disputes/dispute-rules';
import type {
  DisputeDetail,
  DisputeEvidence,
  DisputeEvidenceBody,
  DisputeRow,
  DisputesQuery,
} from '@portico/contracts/disputes/disputes';
import { type DocumentExtension, documentTypes } from '@portico/contracts/documents/documents';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { authorizeClient } from '../../access/owner-access';
import { resolveReportAccess } from '../../access/report-access';
import type { Db, Executor } from '../../db/client';
import type { SortKey } from '../../db/keyset';
import type { QueuedMail } from '../../integrations/mail/mail-service';
import type { DisputeFeed, DisputeFeedEvent } from '../../integrations/processors/processor-gateway';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { successListAnswer } from '../../lib/json-text';
import { recordWebhookEvent } from '../../lib/webhook-events';
import { cleanFileName } from '../documents/data-url';
import { insertDocument } from '../documents/documents.repository';
import { checkedContent, claimedExtension } from '../documents/documents.service';
import {
  chargebackFeeCentsOf,
  type DisputeListFilter,
  type DisputeRecord,
  findDispute,
  findDisputeByCase,
  findDisputeOfTransaction,
  findSale,
  insertDispute,
  insertEvidence,
  insertMoneyTransaction,
  listDisputeJsonRows,
  listDisputesPage,
  listEvents,
  listEvidence,
  listOverdue,
  listReminderCandidates,
  lockDispute,
  recordEventOnce,
  updateDispute,
} from './disputes.repository';
import { type DisputeNotices, queueDisputeNotice } from './disputes-mail';

export const DisputeError = defineErrors({
  NotFound: [DisputeErrorCode.NotFound, 'not_found'],
  TransactionNotFound: [DisputeErrorCode.TransactionNotFound, 'not_found'],
  PastDeadline: [DisputeErrorCode.PastDeadline, 'business_rule'],
  AlreadySubmitted: [DisputeErrorCode.AlreadySubmitted, 'conflict'],
  AlreadyDecided: [DisputeErrorCode.AlreadyDecided, 'conflict'],
  NotAwaitingResponse: [DisputeErrorCode.NotAwaitingResponse, 'business_rule'],
  NoEvidence: [DisputeErrorCode.NoEvidence, 'business_rule'],
  NotDisputable: [DisputeErrorCode.NotDisputable, 'business_rule'],
  AlreadyDisputed: [DisputeErrorCode.AlreadyDisputed, 'conflict'],
  EvidenceSealed: [DisputeErrorCode.EvidenceSealed, 'conflict'],
});

// notices: where the dispute e-mails go out (absent where nobody is told, as in the demo seed).
export type DisputesDeps = { db: Db; feed: DisputeFeed; now: () => Date; notices?: DisputeNotices };

// The e-mails of a change, written in its transaction with the dispute as the change left it.
async function queueNotice(
  tx: Executor,
  notices: DisputeNotices | undefined,
  disputeId: string,
  notice: DisputeNoticeKind,
): Promise<QueuedMail[]> {
  if (!notices) return [];
  const found = await findDispute(tx, disputeId);
  if (!found) return [];
  return queueDisputeNotice(tx, notices, found.dispute, found.merchantName, notice);
}

// Mails go out only once the transaction that wrote them committed.
async function deliverAfterCommit(notices: DisputeNotices | undefined, queued: readonly QueuedMail[]) {
  if (notices && queued.length > 0) await notices.mail.deliverQueued(queued);
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

// --- recording the processor's events ------------------------------------------------------------

// One event, in one database transaction, once: the event row is inserted first (unique on the
// processor's event id) and only the call that inserted it moves money.
export async function recordProcessorEvent(
  db: Db,
  event: DisputeFeedEvent,
  now: Date,
  notices?: DisputeNotices,
): Promise<boolean> {
  const queued: QueuedMail[] = [];
  const recorded = await db.transaction(async (tx) => {
    const sale = await findSale(tx, event.transactionId);
    if (!sale) return false;
    const dispute = await insertDispute(tx, {
      clientId: event.clientId,
      transactionId: event.transactionId,
      transactionCreatedAt: event.transactionCreatedAt,
      processorCaseId: event.caseId,
      status: event.kind === 'inquiry_opened' ? 'inquiry' : 'needs_response',
      category: event.category,
      reasonCode: event.reasonCode,
      amountCents: event.amountCents,
      cardBrand: sale.cardBrand,
      last4: sale.last4,
      customerName: [sale.customerFirstName, sale.customerLastName].filter(Boolean).join(' ') || null,
      openedAt: event.occurredAt,
    });
    const isNew = await recordEventOnce(tx, {
      disputeId: dispute.id,
      processorEventId: event.eventId,
      kind: event.kind,
      occurredAt: event.occurredAt,
    });
    if (!isNew) return false;
    if (event.kind === 'inquiry_opened') {
      await recordDisputeEvent(tx, 'dispute.created', dispute, { status: 'inquiry' });
      queued.push(...(await queueNotice(tx, notices, dispute.id, { kind: 'opened' })));
    } else if (event.kind === 'chargeback_opened') {
      const isAfterInquiry = dispute.status === 'inquiry';
      await openChargeback(tx, dispute, sale, event, now);
      await recordDisputeEvent(tx, isAfterInquiry ? 'dispute.updated' : 'dispute.created', dispute, {
        status: 'needs_response',
        respondBy: respondByOf(event.occurredAt),
      });
      // Told again when an inquiry turns into a chargeback: money moves and the date is set now.
      queued.push(...(await queueNotice(tx, notices, dispute.id, { kind: 'opened' })));
    } else if (event.kind === 'won' || event.kind === 'lost') {
      if (await decide(tx, dispute, sale, event.kind, now, event.eventId)) {
        await recordDisputeEvent(tx, 'dispute.closed', dispute, { status: event.kind });
        queued.push(
          ...(await queueNotice(tx, notices, dispute.id, { kind: 'decided', outcome: event.kind })),
        );
      }
    }
    return true;
  });
  await deliverAfterCommit(notices, queued);
  return recorded;
}

type Sale = NonNullable<Awaited<ReturnType<typeof findSale>>>;

// The dispute webhook events, written in the transaction of the change they report. The body names
// the dispute's state after the change, the disputed amount and the payment it is about.
async function recordDisputeEvent(
  tx: Executor,
  type: 'dispute.created' | 'dispute.updated' | 'dispute.closed',
  dispute: DisputeRecord,
  change: { status: DisputeRecord['status']; respondBy?: Date | null },
): Promise<void> {
  const respondBy = change.respondBy === undefined ? dispute.respondBy : change.respondBy;
  await recordWebhookEvent(tx, {
    type,
    clientId: dispute.clientId,
    objectType: 'dispute',
    objectId: dispute.id,
    data: {
      status: change.status,
      amount: formatCentsAsDecimal(dispute.amountCents),
      currency: 'USD',
      category: dispute.category,
      reason_code: dispute.reasonCode,
      respond_by: respondBy?.toISOString() ?? null,
      payment_id: dispute.transactionId,
    },
  });
}

// A uuid (version 4 layout, RFC 9562 variant) read off the sha-256 of the processor's event id.
export function moneyIdOfEvent(eventId: string): string {
  const hex = createHash('sha256').update(`dispute-money:${eventId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// The dispute's money as a reversal of the sale: same merchant, card, customer and processor; settled
// the day it is recorded, so the next payout takes it and the statement of that month shows it.
// Its id comes from the processor's event, so the same event can only ever book the same row.
function reversalOf(
  sale: Sale,
  amountCents: number,
  feeCents: number,
  now: Date,
  reference: string,
  eventId: string,
) {
  return {
    id: moneyIdOfEvent(eventId),
    clientId: sale.clientId,
    subEntityId: sale.subEntityId,
    customerId: sale.customerId,
    type: 'reversal' as const,
    action: 'reversal',
    actionMode: 'reversal' as const,
    amountCents,
    feeCents,
    surchargeCents: 0,
    paymentStatus: true,
    requestStatus: true,
    status: 'Approved',
    processor: sale.processor,
    paymentMethod: sale.paymentMethod,
    cardBrand: sale.cardBrand,
    cardType: sale.cardType,
    last4: sale.last4,
    token: sale.token,
    customerFirstName: sale.customerFirstName,
    customerLastName: sale.customerLastName,
    customerEmail: sale.customerEmail,
    originalTransactionId: sale.id,
    settlementDate: utcDay(now),
    // What the settlement moves for it, as the ledger counts it: the amount and fee out (a credit in).
    settlementAmountCents: -amountCents - feeCents,
    apiResponse: { original_transaction_id: sale.id, dispute_case: reference },
    meta: sale.meta,
    createdAt: now,
  };
}

async function openChargeback(
  tx: Executor,
  dispute: DisputeRecord,
  sale: Sale,
  event: DisputeFeedEvent,
  now: Date,
): Promise<void> {
  if (dispute.chargebackTransactionId !== null) return;
  const fee = await chargebackFeeCentsOf(tx, dispute.clientId);
  const row = chargebackRowOf(dispute.amountCents, fee);
  const money = await insertMoneyTransaction(
    tx,
    reversalOf(sale, row.amountCents, row.feeCents, now, dispute.processorCaseId, event.eventId),
  );
  await updateDispute(tx, dispute.id, {
    status:
      dispute.status === 'inquiry' || dispute.status === 'needs_response' ? 'needs_response' : dispute.status,
    respondBy: respondByOf(event.occurredAt),
    chargebackTransactionId: money.id,
    chargebackCreatedAt: money.createdAt,
  });
}

async function decide(
  tx: Executor,
  dispute: DisputeRecord,
  sale: Sale,
  outcome: 'won' | 'lost',
  now: Date,
  eventId: string,
) {
  // A decision answers submitted evidence; one that finds the dispute decided already changes nothing.
  if (dispute.status !== 'under_review') return false;
  let creditTransactionId: string | null = null;
  if (outcome === 'won') {
    const row = disputeWonRowOf(dispute.amountCents);
    const money = await insertMoneyTransaction(
      tx,
      reversalOf(sale, row.amountCents, row.feeCents, now, dispute.processorCaseId, eventId),
    );
    creditTransactionId = money.id;
  }
  await updateDispute(tx, dispute.id, { status: outcome, decidedAt: now, creditTransactionId });
  return true;
}

// Past the respond-by date without an answer, a dispute is lost as Expired; the money stays taken.
export async function expireOverdue(db: Db, now: Date, notices?: DisputeNotices): Promise<number> {
  let expired = 0;
  for (const { id } of await listOverdue(db, now)) {
    const queued: QueuedMail[] = [];
    const changed = await db.transaction(async (tx) => {
      const dispute = await lockDispute(tx, id);
      if (dispute?.status !== 'needs_response' || !dispute.respondBy || dispute.respondBy >= now) {
        return false;
      }
      await updateDispute(tx, id, { status: 'expired', decidedAt: now });
      await recordDisputeEvent(tx, 'dispute.closed', dispute, { status: 'expired' });
      queued.push(...(await queueNotice(tx, notices, id, { kind: 'decided', outcome: 'expired' })));
      return recordEventOnce(tx, {
        disputeId: id,
        processorEventId: `portico:${id}:expired`,
        kind: 'expired',
        occurredAt: now,
      });
    });
    await deliverAfterCommit(notices, changed ? queued : []);
    if (changed) expired += 1;
  }
  return expired;
}

// The reminders 5 days and 1 day before the respond-by date of a dispute still needing a response.
// The dispute's row is locked and its reminded_* column set in the transaction that writes the
// e-mails, only while still null: two instances, or the job run twice, send each reminder once.
// Inside the last day only the 1-day reminder goes out (the 5-day one is marked as past).
export async function remindDisputes(
  db: Db,
  now: Date,
  notices: DisputeNotices | undefined,
): Promise<number> {
  if (!notices) return 0;
  let reminded = 0;
  for (const { id } of await listReminderCandidates(db, now)) {
    const queued: QueuedMail[] = [];
    await db.transaction(async (tx) => {
      const dispute = await lockDispute(tx, id);
      if (dispute?.status !== 'needs_response' || dispute.respondBy === null) return;
      const days = dueReminderOf(dispute.respondBy, now, {
        fiveDays: dispute.remindedFiveDaysAt !== null,
        oneDay: dispute.remindedOneDayAt !== null,
      });
      if (days === null) return;
      await updateDispute(
        tx,
        id,
        days === 1
          ? { remindedOneDayAt: now, remindedFiveDaysAt: dispute.remindedFiveDaysAt ?? now }
          : { remindedFiveDaysAt: now },
      );
      queued.push(...(await queueNotice(tx, notices, id, { kind: 'reminder', days })));
    });
    await deliverAfterCommit(notices, queued);
    if (queued.length > 0) reminded += 1;
  }
  return reminded;
}

// The job's work: every event of the feed recorded once, the overdue disputes expired, then the
// reminders due sent.
export async function pollDisputes(
  deps: DisputesDeps,
): Promise<{ recorded: number; expired: number; reminded: number }> {
  const now = deps.now();
  let recorded = 0;
  for (const event of await deps.feed.events(now)) {
    if (await recordProcessorEvent(deps.db, event, now, deps.notices)) recorded += 1;
  }
  const expired = await expireOverdue(deps.db, now, deps.notices);
  return { recorded, expired, reminded: await remindDisputes(deps.db, now, deps.notices) };
}

// --- reading ------------------------------------------------------------------------------------

function customerOf(record: DisputeRecord): string | null {
  return record.customerName;
}

function rowOf(record: DisputeRecord, merchantName: string): DisputeRow {
  return {
    id: record.id,
    merchant_id: record.clientId,
    merchant_name: merchantName,
    transaction_id: record.transactionId,
    status: record.status,
    category: record.category,
    reason_code: record.reasonCode,
    amount: formatCentsAsDecimal(-record.amountCents),
    card_brand: record.cardBrand,
    last4: record.last4,
    customer: customerOf(record),
    opened_at: record.openedAt.toISOString(),
    respond_by: record.respondBy?.toISOString() ?? null,
    decided_at: record.decidedAt?.toISOString() ?? null,
  };
}

// The grid's rows as a filter: the merchants the caller reaches and holds Disputes on (narrowed to the
// merchant the call names), and the grid's status, reason and days.
export async function disputeListFilterOf(
  db: Executor,
  caller: Caller,
  query: DisputesQuery,
): Promise<DisputeListFilter> {
  const access = await resolveReportAccess(db, caller, Permission.Disputes);
  return {
    clientIds: access.scope.kind === 'all' ? 'all' : access.scope.clientIds,
    ...(query.status ? { status: query.status } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.from ? { from: new Date(`${query.from}T00:00:00.000Z`) } : {}),
    ...(query.to ? { to: new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000) } : {}),
  };
}

// The grid (GET /api/disputes): the disputes of the merchants the caller reaches and holds Disputes
// on, newest first, as sent: the success envelope around the rows the database wrote as JSON. Each
// row is what rowOf makes of the dispute (the API test holds the two together).
export async function disputeRowsJson(db: Db, caller: Caller, query: DisputesQuery): Promise<Buffer> {
  return successListAnswer(await listDisputeJsonRows(db, await disputeListFilterOf(db, caller, query)));
}

// One page of the disputes a filter matches, as the grid's rows, newest first, and where it ended
// (an export reads the whole list this way, page by page).
export async function disputeRowsPage(
  db: Executor,
  filter: DisputeListFilter,
  keys: readonly SortKey[],
  limit: number,
  after: readonly string[] | undefined,
): Promise<{ rows: DisputeRow[]; end: readonly string[] | undefined }> {
  const page = await listDisputesPage(db, filter, keys, limit, after);
  return {
    rows: page.map((found) => rowOf(found.dispute, found.merchantName)),
    end: page.at(-1)?.end,
  };
}

// A dispute the caller may see: reach to its merchant and Disputes there (staff skip the permission).
async function authorizeDispute(db: Db, caller: Caller, id: string) {
  const found = await findDispute(db, id);
  if (!found) throw DisputeError.NotFound(DisputeText.NotFound);
  const access = await authorizeClient(db, caller, found.dispute.clientId);
  if (!caller.isStaff && !access.effectivePermissions.includes(Permission.Disputes)) {
    await denyAccess(caller, 'permission', {
      merchantId: found.dispute.clientId,
      permission: Permission.Disputes,
    });
  }
  return found;
}

function evidenceRowOf(row: Awaited<ReturnType<typeof listEvidence>>[number]): DisputeEvidence {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

export async function disputeDetail(db: Db, caller: Caller, id: string): Promise<DisputeDetail> {
  const found = await authorizeDispute(db, caller, id);
  const record = found.dispute;
  const [events, evidence] = await Promise.all([listEvents(db, id), listEvidence(db, id)]);
  return {
    ...rowOf(record, found.merchantName),
    transaction_created_at: record.transactionCreatedAt.toISOString(),
    reason_explained: DisputeCategoryExplanation[record.category],
    helpful_evidence: [...helpfulEvidenceOf[record.category]],
    explanation: record.explanation,
    submitted_at: record.submittedAt?.toISOString() ?? null,
    events: events.map((e) => ({ kind: e.kind, occurred_at: e.occurredAt.toISOString() })),
    evidence: evidence.map(evidenceRowOf),
  };
}

export async function disputeOfTransaction(db: Db, caller: Caller, transactionId: string) {
  const found = await findDisputeOfTransaction(db, transactionId);
  if (!found) return null;
  await authorizeDispute(db, caller, found.id);
  return { id: found.id, status: found.status };
}

// --- answering ----------------------------------------------------------------------------------

// The one check every answer shares: still waiting for an answer, before the deadline, not sealed.
function requireOpenForAnswer(dispute: DisputeRecord, now: Date): void {
  if (isDecided(dispute.status)) throw DisputeError.AlreadyDecided(DisputeText.AlreadyDecided);
  if (dispute.status === 'under_review' || dispute.submittedAt !== null) {
    throw DisputeError.AlreadySubmitted(DisputeText.AlreadySubmitted);
  }
  if (dispute.status !== 'needs_response' && dispute.status !== 'inquiry') {
    throw DisputeError.NotAwaitingResponse(DisputeText.NotAwaitingResponse);
  }
  if (dispute.respondBy !== null && dispute.respondBy < now) {
    throw DisputeError.PastDeadline(DisputeText.PastDeadline);
  }
}

// Every refused answer is audited as a failure with its reason (a refusal of access is audited by
// the deny path already); nothing else is written.
async function auditedAnswer<T>(
  db: Db,
  caller: Caller,
  action: 'dispute.evidence_upload' | 'dispute.draft' | 'dispute.submit' | 'dispute.accept',
  id: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.kind !== 'forbidden') {
      const found = await findDispute(db, id);
      await recordAudit(db, {
        action,
        outcome: 'failure',
        ...auditActorOf(caller),
        targetType: 'dispute',
        targetId: id,
        clientId: found?.dispute.clientId ?? null,
        details: { code: err.code, message: err.message },
      });
    }
    throw err;
  }
}

export async function saveDraft(deps: DisputesDeps, caller: Caller, id: string, explanation: string) {
  return auditedAnswer(deps.db, caller, 'dispute.draft', id, async () => {
    const found = await authorizeDispute(deps.db, caller, id);
    await deps.db.transaction(async (tx) => {
      const dispute = await lockDispute(tx, found.dispute.id);
      if (!dispute) throw DisputeError.NotFound(DisputeText.NotFound);
      requireOpenForAnswer(dispute, deps.now());
      await updateDispute(tx, dispute.id, { explanation });
      await recordAudit(tx, {
        action: 'dispute.draft',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'dispute',
        targetId: dispute.id,
        clientId: dispute.clientId,
        details: { length: explanation.length },
      });
    });
    return disputeDetail(deps.db, caller, id);
  });
}

// One piece of evidence stored as a document of the merchant (checked beforehand by the documents
// rules) and tied to the dispute with its kind.
export async function attachEvidence(
  tx: Executor,
  dispute: DisputeRecord,
  file: {
    kind: EvidenceKind;
    fileName: string;
    extension: DocumentExtension;
    content: Buffer;
    sha256: string;
    uploadedByUserId: string;
  },
) {
  const canonical = file.extension === 'jpeg' ? 'jpg' : file.extension === 'tiff' ? 'tif' : file.extension;
  const documentId = await insertDocument(
    tx,
    {
      clientId: dispute.clientId,
      enrollmentId: null,
      tag: 'Dispute evidence',
      note: null,
      fileName: cleanFileName(file.fileName),
      extension: file.extension,
      mimeType: documentTypes[canonical].mimeType,
      sizeBytes: file.content.length,
      storageKey: `documents/${randomUUID()}.${canonical}`,
      sha256: file.sha256,
      uploadedByUserId: file.uploadedByUserId,
    },
    file.content,
  );
  const row = await insertEvidence(tx, { disputeId: dispute.id, documentId, kind: file.kind });
  return { documentId, row };
}

// The merchant's answer recorded: submitted evidence puts the dispute under review, sealed; an
// acceptance decides it at once. Each writes its timeline event once.
export async function recordSubmission(tx: Executor, dispute: DisputeRecord, now: Date): Promise<void> {
  await updateDispute(tx, dispute.id, { status: 'under_review', submittedAt: now });
  await recordEventOnce(tx, {
    disputeId: dispute.id,
    processorEventId: `portico:${dispute.id}:evidence_submitted`,
    kind: 'evidence_submitted',
    occurredAt: now,
  });
}

export async function recordAcceptance(tx: Executor, dispute: DisputeRecord, now: Date): Promise<void> {
  await updateDispute(tx, dispute.id, { status: 'accepted', decidedAt: now });
  await recordEventOnce(tx, {
    disputeId: dispute.id,
    processorEventId: `portico:${dispute.id}:accepted`,
    kind: 'accepted',
    occurredAt: now,
  });
}

export async function addEvidence(
  deps: DisputesDeps,
  caller: Caller,
  id: string,
  body: DisputeEvidenceBody,
): Promise<DisputeEvidence> {
  return auditedAnswer(deps.db, caller, 'dispute.evidence_upload', id, async () => {
    const found = await authorizeDispute(deps.db, caller, id);
    requireOpenForAnswer(found.dispute, deps.now());
    // The documents module's checks: type allowed, name agreeing, size, content by its signature.
    const extension = claimedExtension(body);
    const content = checkedContent(body, extension);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const evidence = await deps.db.transaction(async (tx) => {
      const dispute = await lockDispute(tx, id);
      if (!dispute) throw DisputeError.NotFound(DisputeText.NotFound);
      requireOpenForAnswer(dispute, deps.now());
      const { documentId, row } = await attachEvidence(tx, dispute, {
        kind: body.kind,
        fileName: body.file_name,
        extension,
        content,
        sha256,
        uploadedByUserId: caller.session.userId,
      });
      await recordAudit(tx, {
        action: 'dispute.evidence_upload',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'dispute',
        targetId: id,
        clientId: dispute.clientId,
        details: { kind: body.kind, document_id: documentId, size_bytes: content.length, sha256 },
      });
      return row;
    });
    const [listed] = (await listEvidence(deps.db, id)).filter((e) => e.id === evidence.id);
    if (!listed) throw new Error('the evidence just written is missing');
    return evidenceRowOf(listed);
  });
}

export async function submitResponse(deps: DisputesDeps, caller: Caller, id: string) {
  return auditedAnswer(deps.db, caller, 'dispute.submit', id, async () => {
    const found = await authorizeDispute(deps.db, caller, id);
    const now = deps.now();
    requireOpenForAnswer(found.dispute, now);
    if (found.dispute.status !== 'needs_response') {
      throw DisputeError.NotAwaitingResponse(DisputeText.NotAwaitingResponse);
    }
    const evidence = await listEvidence(deps.db, id);
    if (evidence.length === 0 && found.dispute.explanation.trim() === '') {
      throw DisputeError.NoEvidence(DisputeText.NoEvidence);
    }
    const kinds = evidence.map((e) => e.kind);
    await deps.db.transaction(async (tx) => {
      const dispute = await lockDispute(tx, id);
      if (!dispute) throw DisputeError.NotFound(DisputeText.NotFound);
      requireOpenForAnswer(dispute, now);
      await recordSubmission(tx, dispute, now);
      await recordDisputeEvent(tx, 'dispute.updated', dispute, { status: 'under_review' });
      await recordAudit(tx, {
        action: 'dispute.submit',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'dispute',
        targetId: id,
        clientId: dispute.clientId,
        details: { evidence: kinds, amount: formatCentsAsDecimal(dispute.amountCents) },
      });
    });
    // Sent once committed; the processor keeps the first answer per case, so a retry is harmless.
    await deps.feed.submitEvidence(found.dispute.processorCaseId, kinds, now);
    return disputeDetail(deps.db, caller, id);
  });
}

export async function acceptDispute(deps: DisputesDeps, caller: Caller, id: string) {
  return auditedAnswer(deps.db, caller, 'dispute.accept', id, async () => {
    const found = await authorizeDispute(deps.db, caller, id);
    const now = deps.now();
    const queued = await deps.db.transaction(async (tx) => {
      const dispute = await lockDispute(tx, id);
      if (!dispute) throw DisputeError.NotFound(DisputeText.NotFound);
      requireOpenForAnswer(dispute, now);
      if (dispute.status !== 'needs_response') {
        throw DisputeError.NotAwaitingResponse(DisputeText.NotAwaitingResponse);
      }
      await recordAcceptance(tx, dispute, now);
      await recordDisputeEvent(tx, 'dispute.closed', dispute, { status: 'accepted' });
      const mails = await queueNotice(tx, deps.notices, id, { kind: 'decided', outcome: 'accepted' });
      await recordAudit(tx, {
        action: 'dispute.accept',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'dispute',
        targetId: id,
        clientId: dispute.clientId,
        details: { amount: formatCentsAsDecimal(dispute.amountCents) },
      });
      return mails;
    });
    await deliverAfterCommit(deps.notices, queued);
    await deps.feed.accept(found.dispute.processorCaseId, now);
    return disputeDetail(deps.db, caller, id);
  });
}

// --- staff: Simulate dispute --------------------------------------------------------------------

// Opens a sandbox case on a settled, approved card sale, then records what the feed reports of it at
// once, by the same path as the job.
export async function simulateDispute(
  deps: DisputesDeps,
  caller: Caller,
  transactionId: string,
  category: DisputeCategory,
): Promise<DisputeDetail> {
  const sale = await findSale(deps.db, transactionId);
  if (!sale) throw DisputeError.TransactionNotFound('Transaction not found');
  const isSettledCardSale =
    sale.paymentMethod === 'card' &&
    sale.paymentStatus === true &&
    sale.settlementDate !== null &&
    sale.processor !== null &&
    (sale.actionMode === 'charge' ||
      sale.actionMode === 'settle' ||
      sale.actionMode === 'debit' ||
      sale.actionMode === 'apple_pay');
  if (!isSettledCardSale) throw DisputeError.NotDisputable(DisputeText.NotDisputable);
  if (await findDisputeOfTransaction(deps.db, transactionId)) {
    throw DisputeError.AlreadyDisputed(DisputeText.AlreadyDisputed);
  }
  const now = deps.now();
  const caseId = await deps.feed.openCase(
    {
      transactionId: sale.id,
      transactionCreatedAt: sale.createdAt,
      clientId: sale.clientId,
      amountCents: sale.amountCents,
    },
    category,
    now,
  );
  for (const event of await deps.feed.events(now)) {
    if (event.caseId === caseId) await recordProcessorEvent(deps.db, event, now, deps.notices);
  }
  const dispute = await findDisputeByCase(deps.db, caseId);
  if (!dispute) throw new Error('the simulated dispute was not recorded');
  await recordAudit(deps.db, {
    action: 'dispute.simulate',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'dispute',
    targetId: dispute.id,
    clientId: dispute.clientId,
    details: { transaction_id: transactionId, category, reason_code: DisputeReasonCode[category] },
  });
  return disputeDetail(deps.db, caller, dispute.id);
}
