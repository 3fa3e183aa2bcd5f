import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { maxDocumentFileNameLength, maxDocumentRequestLength } from '../documents/documents';
import { moneyOutput } from '../money/money';
import { disputeCategories, disputeEventKinds, disputeStatuses, evidenceKinds } from './dispute-rules';

// GET /api/disputes (the grid), GET /api/disputes/{id} (the dispute page), its draft, evidence,
// submission and acceptance, and staff's sandbox 'Simulate dispute'.

export const disputeStatusSchema = z.enum(disputeStatuses);
export const disputeCategorySchema = z.enum(disputeCategories);
export const evidenceKindSchema = z.enum(evidenceKinds);

export const disputesQuery = z.object({
  merchant_id: z.uuid().optional(),
  status: disputeStatusSchema.optional(),
  category: disputeCategorySchema.optional(),
  // yyyy-mm-dd, UTC days the dispute was opened.
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type DisputesQuery = z.infer<typeof disputesQuery>;

export const disputeRowSchema = z.object({
  id: z.uuid(),
  merchant_id: z.uuid(),
  merchant_name: z.string(),
  transaction_id: z.uuid(),
  status: disputeStatusSchema,
  category: disputeCategorySchema,
  reason_code: z.string(),
  // Signed as the merchant feels it: a dispute takes money, so it reads negative.
  amount: moneyOutput,
  card_brand: z.string().nullable(),
  last4: z.string().nullable(),
  customer: z.string().nullable(),
  opened_at: z.iso.datetime(),
  respond_by: z.iso.datetime().nullable(),
  decided_at: z.iso.datetime().nullable(),
});
export type DisputeRow = z.infer<typeof disputeRowSchema>;
export const disputesResponse = successEnvelope(z.array(disputeRowSchema));

export const disputeParams = z.object({ id: z.uuid() });

export const disputeEventSchema = z.object({
  kind: z.enum(disputeEventKinds),
  occurred_at: z.iso.datetime(),
});

export const disputeEvidenceSchema = z.object({
  id: z.uuid(),
  kind: evidenceKindSchema,
  file_name: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.iso.datetime(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeDetailSchema = disputeRowSchema.extend({
  transaction_created_at: z.iso.datetime(),
  // What the cardholder says, in plain words.
  reason_explained: z.string(),
  // The evidence that answers this reason best, most telling first (contracts helpfulEvidenceOf).
  helpful_evidence: z.array(evidenceKindSchema),
  // The merchant's written answer (the draft until submitted).
  explanation: z.string(),
  submitted_at: z.iso.datetime().nullable(),
  events: z.array(disputeEventSchema),
  evidence: z.array(disputeEvidenceSchema),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;
export const disputeResponse = successEnvelope(disputeDetailSchema);

export const maxDisputeExplanationLength = 5000;

// The draft: the merchant's written explanation, saved until submitted.
export const disputeDraftBody = z.strictObject({
  explanation: z.string().max(maxDisputeExplanationLength),
});

// One piece of evidence, sent like a document (a data URL), with its kind.
export const disputeEvidenceBody = z.strictObject({
  kind: evidenceKindSchema,
  extension: z.string().trim().min(1).max(16),
  file_name: z.string().trim().min(1).max(maxDocumentFileNameLength),
  contents: z.string().min(1).max(maxDocumentRequestLength),
});
export type DisputeEvidenceBody = z.infer<typeof disputeEvidenceBody>;
export const disputeEvidenceResponse = successEnvelope(disputeEvidenceSchema);

export const emptyStrictBody = z.strictObject({});

// Staff: open a dispute on a settled card sale (sandbox processor only).
export const simulateDisputeBody = z.strictObject({
  transaction_id: z.uuid(),
  category: disputeCategorySchema,
});

// The transaction detail: the dispute of a payment, if any.
export const transactionDisputeQuery = z.object({ transaction_id: z.uuid() });
export const transactionDisputeResponse = successEnvelope(
  z.object({ id: z.uuid(), status: disputeStatusSchema }).nullable(),
);
