import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';

// The Risk Dashboard: risk rows, transaction notes, merchant history and merchant names, its calls
// and texts.

export const RiskText = {
  AddNoteFailed: 'Failed to add note. Please try again.',
  DownloadFailed: 'Error downloading attachment. Please try again.',
  MerchantFrozen: 'Merchant frozen successfully',
  MerchantActivated: 'Merchant activated successfully',
  StatusUpdateFailed: 'Failed to update merchant status',
  // Portico's own: the answer every payment path gives a frozen merchant.
  PaymentsFrozen: 'This merchant is frozen: it cannot take payments until risk review enables it again.',
  AlreadyFrozen: 'This merchant is already frozen.',
  AlreadyActive: 'This merchant is already active.',
  MerchantNotFound: 'Merchant not found',
  TransactionNotFound: 'Transaction not found',
  AttachmentNotFound: 'Attachment not found',
  NoteRequired: 'The note must not be empty.',
  NoteTooLong: 'The note must be at most 2000 characters.',
  OneAttachment: 'A note takes one attachment at most.',
} as const;

// What the merchant's own people read while it is frozen: the Home banner and the e-mails to its
// owners when it is frozen and enabled again. They say what it means and whom to contact, not the
// risk review's reasons.
export const FreezeNoticeText = {
  PausedTitle: 'Payments are paused',
  pausedBody: (merchantName: string, supportEmail: string | null) =>
    `${merchantName} cannot take payments right now. To find out why and to have payments enabled again, contact ${supportEmail ?? 'the support team of your payment provider'}.`,
  frozenSubject: (merchantName: string) => `Payments paused: ${merchantName}`,
  enabledSubject: (merchantName: string) => `Payments enabled again: ${merchantName}`,
  enabledBody: (merchantName: string) => `${merchantName} can take payments again.`,
} as const;

export const RiskErrorCode = {
  MerchantFrozen: 'MERCHANT_FROZEN',
  AlreadyFrozen: 'MERCHANT_ALREADY_FROZEN',
  AlreadyActive: 'MERCHANT_ALREADY_ACTIVE',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  TransactionNotFound: 'TRANSACTION_NOT_FOUND',
  AttachmentNotFound: 'ATTACHMENT_NOT_FOUND',
  OneAttachment: 'NOTE_ONE_ATTACHMENT',
} as const;

export function freezeErrorText(serverMessage: string | undefined): string {
  return `Error: ${serverMessage || RiskText.StatusUpdateFailed}`;
}

export const maxRiskNoteLength = 2000;

// ---- Monitoring lists (GET /api/transaction-monitoring) ---------------------------------------

export const stdDevRowSchema = z.object({
  merchant: z.string(),
  client_id: z.uuid(),
  transaction_id: z.uuid(),
  amount: moneyOutput,
  avg_amount: moneyOutput,
  created_at: z.iso.datetime(),
  has_notes: z.boolean(),
});
export type StdDevRow = z.infer<typeof stdDevRowSchema>;

export const highTicketRowSchema = z.object({
  name: z.string(),
  client_id: z.uuid(),
  id: z.uuid(),
  created_at: z.iso.datetime(),
  limits_high_ticket: moneyOutput,
  amount: moneyOutput,
  has_notes: z.boolean(),
});
export type HighTicketRow = z.infer<typeof highTicketRowSchema>;

export const highVelocityRowSchema = z.object({
  name: z.string(),
  client_id: z.uuid(),
  id: z.uuid(),
  amount: moneyOutput,
  created_at: z.iso.datetime(),
  // Payments of the merchant in the trailing hour of this one, itself included.
  risk_velocity: z.number().int(),
  limits_hourly_velocity: z.number().int(),
  has_notes: z.boolean(),
});
export type HighVelocityRow = z.infer<typeof highVelocityRowSchema>;

export const transactionMonitoringSchema = z.object({
  standard_deviation_list: z.array(stdDevRowSchema),
  transactions_over_high_ticket_limit: z.array(highTicketRowSchema),
  transactions_high_velocity: z.array(highVelocityRowSchema),
});
export type TransactionMonitoring = z.infer<typeof transactionMonitoringSchema>;
export const transactionMonitoringResponse = successEnvelope(transactionMonitoringSchema);

// ---- Transaction notes ----------------------------------------------------------------------------

export const transactionNoteSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  created_by: z.string().nullable(),
  created_at: z.iso.datetime(),
  attachments: z.array(z.object({ id: z.uuid(), file_name: z.string() })),
});
export type TransactionNote = z.infer<typeof transactionNoteSchema>;
export const transactionNotesResponse = successEnvelope(z.array(transactionNoteSchema));
export const createTransactionNoteResponse = successEnvelope(transactionNoteSchema);

export const transactionIdParams = z.object({ transactionId: z.uuid() });
export const attachmentIdParams = z.object({ id: z.uuid() });

// New note: transaction_id, content and an optional document (name, extension, base64
// content). As multipart fields; a file part arrives as the data URL `contents` (documents' reader).
export const createTransactionNoteBody = z.strictObject({
  transaction_id: z.uuid(),
  content: z.string().trim().min(1, RiskText.NoteRequired).max(maxRiskNoteLength, RiskText.NoteTooLong),
  file_name: z.string().trim().min(1).max(255).optional(),
  extension: z.string().trim().min(1).max(16).optional(),
  contents: z.string().min(1).optional(),
});
export type CreateTransactionNoteBody = z.infer<typeof createTransactionNoteBody>;

// ---- Merchant Control ----------------------------------------------------------------------------

export const merchantStates = ['Active', 'Frozen'] as const;
export type MerchantState = (typeof merchantStates)[number];

export const merchantIdParams = z.object({ id: z.uuid() });

// Merchant names: a list of single-pair maps from id to name.
export const merchantNamesResponse = successEnvelope(
  z.object({ merchant_names: z.array(z.record(z.string(), z.string())) }),
);
export const merchantStatusResponse = successEnvelope(z.object({ is_active: z.boolean() }));
export const merchantStatusChangeResponse = successEnvelope(
  z.object({ success: z.literal(true), is_active: z.boolean() }),
);

export const merchantHistoryRowSchema = z.object({
  merchantId: z.uuid(),
  merchantName: z.string(),
  status: z.enum(merchantStates),
  changedBy: z.string().nullable(),
  timestamp: z.iso.datetime(),
});
export type MerchantHistoryRow = z.infer<typeof merchantHistoryRowSchema>;
export const merchantHistoryResponse = successEnvelope(
  z.object({ history: z.array(merchantHistoryRowSchema) }),
);

// Merchant names arrive as [{id: name}]: flattened for a picker.
export function merchantOptionsOf(names: readonly Record<string, string>[]): { id: string; name: string }[] {
  return names.flatMap((pair) => Object.entries(pair).map(([id, name]) => ({ id, name })));
}
