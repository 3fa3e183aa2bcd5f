import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET and POST /api/v1/manual-data-pull-accounts (admin only). A merchant-sync option is merchant_id
// (or id) and dba_name (or merchant_name); the sync dialog goes loading, then selection, then
// request. The texts the dialog shows are DashboardText in transactions/texts.

export const merchantSyncOptionSchema = z.object({
  merchant_id: z.uuid(),
  dba_name: z.string(),
});
export type MerchantSyncOption = z.infer<typeof merchantSyncOptionSchema>;

export const merchantSyncOptionsResponse = successEnvelope(z.array(merchantSyncOptionSchema));

export const dataSyncRequestBody = z.strictObject({ merchant_id: z.uuid() });
export type DataSyncRequestBody = z.infer<typeof dataSyncRequestBody>;

// requested: waiting for the job that pulls the processor's data; the rest are that job's.
export const dataSyncStatuses = ['requested', 'running', 'completed', 'failed'] as const;
export type DataSyncStatus = (typeof dataSyncStatuses)[number];

// A merchant has at most one request waiting or running: asking again answers that one.
export const dataSyncRequestSchema = z.object({
  id: z.uuid(),
  merchant_id: z.uuid(),
  status: z.enum(dataSyncStatuses),
  requested_at: z.iso.datetime(),
});
export type DataSyncRequest = z.infer<typeof dataSyncRequestSchema>;
export const dataSyncRequestResponse = successEnvelope(dataSyncRequestSchema);

export const DataSyncErrorCode = {
  MerchantNotFound: 'DATA_SYNC_MERCHANT_NOT_FOUND',
} as const;

export const DataSyncText = {
  MerchantNotFound: 'Merchant not found',
} as const;
