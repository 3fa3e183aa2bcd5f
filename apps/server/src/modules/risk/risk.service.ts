import { createHash, randomUUID } from 'node:crypto';
import { openAlertWindowDays } from '@portico/contracts/dashboard/alerts';
import { documentTypes } from '@portico/contracts/documents/documents';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  type CreateTransactionNoteBody,
  type MerchantHistoryRow,
  RiskErrorCode,
  RiskText,
  type TransactionMonitoring,
  type TransactionNote,
} from '@portico/contracts/risk/risk';
import { type RiskKind, riskKindsOfPayment } from '@portico/contracts/risk/risk-rules';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db, Executor } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { holdOrReleasePayouts } from '../../lib/merchant-freeze';
import { recordWebhookEvent } from '../../lib/webhook-events';
import { cleanFileName } from '../documents/data-url';
import { checkedContent, claimedExtension } from '../documents/documents.service';
import { merchantStatusMessage } from './freeze-mail';
import {
  findAttachment,
  findMerchant,
  findPaymentRiskFigures,
  findTransactionOwner,
  insertTransactionNote,
  listFlaggedPayments,
  listMerchantNames,
  listMerchantStatusHistory,
  listNotesOfTransaction,
  listOwnerAddresses,
  type PaymentRiskFigures,
  type RiskWindow,
  setMerchantActive,
} from './risk.repository';

export const RiskError = defineErrors({
  TransactionNotFound: [RiskErrorCode.TransactionNotFound, 'not_found'],
  AttachmentNotFound: [RiskErrorCode.AttachmentNotFound, 'not_found'],
  MerchantNotFound: [RiskErrorCode.MerchantNotFound, 'not_found'],
  AlreadyFrozen: [RiskErrorCode.AlreadyFrozen, 'conflict'],
  AlreadyActive: [RiskErrorCode.AlreadyActive, 'conflict'],
});

const dayMs = 86_400_000;

// The lists cover the dashboard's alert window, so its Open Risk Alerts count is the number of rows
// here without notes.
export function riskWindowAt(now: Date): RiskWindow {
  return { start: new Date(now.getTime() - openAlertWindowDays * dayMs), end: now };
}

const cents = (text: string | null) => formatCentsAsDecimal(Number(text ?? '0'));

export async function transactionMonitoring(db: Db, now: Date): Promise<TransactionMonitoring> {
  const flagged = await listFlaggedPayments(db, riskWindowAt(now));
  const result: TransactionMonitoring = {
    standard_deviation_list: [],
    transactions_over_high_ticket_limit: [],
    transactions_high_velocity: [],
  };
  for (const row of flagged) {
    const common = { client_id: row.client_id, amount: cents(row.amount_cents), created_at: row.created_at };
    if (row.kind === 'std_dev') {
      result.standard_deviation_list.push({
        ...common,
        merchant: row.merchant,
        transaction_id: row.id,
        avg_amount: cents(row.mean_cents),
        has_notes: row.has_notes,
      });
    } else if (row.kind === 'high_ticket') {
      result.transactions_over_high_ticket_limit.push({
        ...common,
        name: row.merchant,
        id: row.id,
        limits_high_ticket: cents(row.high_ticket_cents),
        has_notes: row.has_notes,
      });
    } else {
      result.transactions_high_velocity.push({
        ...common,
        name: row.merchant,
        id: row.id,
        risk_velocity: Number(row.hour_n),
        limits_hourly_velocity: row.risk_velocity ?? 0,
        has_notes: row.has_notes,
      });
    }
  }
  return result;
}

// Called by every path that records a payment, in its transaction or right after: the rules this
// payment breaks, from its merchant's trailing figures. The lists compute the same on read, so the
// payment shows in its tabs at the next read; the caller may audit or answer with the result.
export async function evaluateRecordedPayment(
  executor: Executor,
  // Already recorded: the sums include it, and take it out again; isRecorded false: about to be
  // written at createdAt, the same figures read just before (the charge's one-statement settle).
  payment: { clientId: string; amountCents: number; createdAt: Date },
  isRecorded = true,
): Promise<RiskKind[]> {
  const figures = await findPaymentRiskFigures(executor, payment, isRecorded);
  return riskKindsOfFigures(figures, payment.amountCents);
}

export type { PaymentRiskFigures };

// The figures of a payment about to be written at `at`, read before its amount is known (they do
// not depend on it): the charge reads them while it is planned and claimed.
export function readRiskFiguresBefore(
  executor: Executor,
  clientId: string,
  at: Date,
): Promise<PaymentRiskFigures> {
  return findPaymentRiskFigures(executor, { clientId, amountCents: 0, createdAt: at }, false);
}

export function riskKindsOfFigures(figures: PaymentRiskFigures, amountCents: number): RiskKind[] {
  return riskKindsOfPayment({
    amountCents,
    trailing: {
      count: Number(figures.prior_n),
      meanCents: Number(figures.prior_mean ?? '0'),
      stdDevCents: Math.sqrt(Math.max(Number(figures.prior_variance ?? '0'), 0)),
    },
    paymentsInTrailingHour: Number(figures.hour_n),
    // A merchant without risk settings is judged only by the spread of its own payments.
    limits: {
      highTicketCents:
        figures.high_ticket_cents === null ? Number.POSITIVE_INFINITY : Number(figures.high_ticket_cents),
      hourlyVelocityLimit: figures.risk_velocity ?? Number.POSITIVE_INFINITY,
    },
  });
}

// ---- Notes ----------------------------------------------------------------------------------------

function authorOf(row: { authorName: string | null; authorEmail: string | null }): string | null {
  const name = row.authorName?.trim();
  return name ? name : row.authorEmail;
}

export async function notesOfTransaction(db: Db, transactionId: string): Promise<TransactionNote[]> {
  const notes = await listNotesOfTransaction(db, transactionId);
  return notes.map((note) => ({
    id: note.id,
    content: note.content,
    created_by: authorOf(note),
    created_at: note.createdAt.toISOString(),
    attachments: note.attachments.map((attachment) => ({
      id: attachment.id,
      file_name: attachment.fileName,
    })),
  }));
}

// The attachment is checked by content (documents' rules) before anything is written; the note
// closes the transaction's alerts.
export async function addTransactionNote(
  db: Db,
  caller: Caller,
  body: CreateTransactionNoteBody,
): Promise<TransactionNote> {
  const owner = await findTransactionOwner(db, body.transaction_id);
  if (!owner) throw RiskError.TransactionNotFound(RiskText.TransactionNotFound);
  const attachment = checkedAttachment(body);
  const noteId = await db.transaction(async (tx) => {
    const id = await insertTransactionNote(
      tx,
      {
        transactionId: body.transaction_id,
        transactionCreatedAt: owner.createdAt,
        clientId: owner.clientId,
        content: body.content,
        createdByUserId: caller.session.userId,
      },
      attachment,
    );
    await recordAudit(tx, {
      action: 'risk_note.create',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'transaction',
      targetId: body.transaction_id,
      clientId: owner.clientId,
      details: { note_id: id, attachment: attachment ? { sha256: attachment.sha256 } : null },
    });
    return id;
  });
  const created = (await notesOfTransaction(db, body.transaction_id)).find((note) => note.id === noteId);
  if (!created) throw new Error('the note just written is missing');
  return created;
}

function checkedAttachment(body: CreateTransactionNoteBody) {
  const { file_name: fileName, contents } = body;
  if (contents === undefined) return null;
  if (fileName === undefined) {
    throw new AppError('VALIDATION_FAILED', 'validation', 'The attachment needs a file name.');
  }
  const extension = claimedExtension({ extension: body.extension ?? '', file_name: fileName });
  const content = checkedContent({ contents }, extension);
  return {
    fileName: cleanFileName(fileName),
    extension,
    mimeType: documentTypes[extension].mimeType,
    sizeBytes: content.length,
    // Generated, never derived from the uploader's name.
    storageKey: `risk-notes/${randomUUID()}.${extension}`,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
  };
}

export async function noteAttachment(db: Db, id: string) {
  const attachment = await findAttachment(db, id);
  if (!attachment) throw RiskError.AttachmentNotFound(RiskText.AttachmentNotFound);
  return attachment;
}

// ---- Merchant Control ----------------------------------------------------------------------------

export async function merchantNames(db: Db): Promise<Record<string, string>[]> {
  const rows = await listMerchantNames(db);
  return rows.map((row) => ({ [row.id]: row.name }));
}

export async function merchantIsActive(db: Db, id: string): Promise<boolean> {
  const merchant = await findMerchant(db, id, { lock: false });
  if (!merchant) throw RiskError.MerchantNotFound(RiskText.MerchantNotFound);
  return merchant.isActive;
}

export type MerchantStatusDeps = { db: Db; mail: Mailer; supportEmail: string };

// Freeze or unfreeze under the merchant row's lock: two staff clicking at once change it once, and
// the second gets the conflict. Audited with the history row, and the e-mail to the merchant's
// owners queued, in the same transaction: a change that rolls back tells nobody.
export async function changeMerchantStatus(
  deps: MerchantStatusDeps,
  caller: Caller,
  id: string,
  isActive: boolean,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const merchant = await findMerchant(tx, id, { lock: true });
    if (!merchant) throw RiskError.MerchantNotFound(RiskText.MerchantNotFound);
    if (merchant.isActive === isActive) {
      throw isActive
        ? RiskError.AlreadyActive(RiskText.AlreadyActive)
        : RiskError.AlreadyFrozen(RiskText.AlreadyFrozen);
    }
    await setMerchantActive(tx, { clientId: id, isActive, userId: caller.session.userId });
    const payoutsChanged = await holdOrReleasePayouts(tx, id, isActive);
    await recordWebhookEvent(tx, {
      type: isActive ? 'merchant.enabled' : 'merchant.frozen',
      clientId: id,
      objectType: 'merchant',
      objectId: id,
      data: { name: merchant.name, is_active: isActive, payouts_held: !isActive },
    });
    await recordAudit(tx, {
      action: isActive ? 'unfreeze' : 'freeze',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: id,
      clientId: id,
      details: { merchant: merchant.name, [isActive ? 'payoutsReleased' : 'payoutsHeld']: payoutsChanged },
    });
    const owners = await listOwnerAddresses(tx, id);
    const message = merchantStatusMessage(owners, merchant.name, isActive, deps.supportEmail);
    if (message !== null) await deps.mail.send(message, tx);
    return isActive;
  });
}

export async function merchantStatusHistory(db: Db): Promise<MerchantHistoryRow[]> {
  const rows = await listMerchantStatusHistory(db);
  return rows.map((row) => ({
    merchantId: row.merchantId,
    merchantName: row.merchantName,
    status: row.status,
    changedBy: authorOf({ authorName: row.changedByName, authorEmail: row.changedByEmail }),
    timestamp: row.createdAt.toISOString(),
  }));
}
