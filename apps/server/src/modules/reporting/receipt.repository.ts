import { and, eq, sql } from 'drizzle-orm';
import type { ReportScope } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';
import type { ApiResponse } from '../../db/schema/transactions';
import { transactions } from '../../db/schema/transactions';
import { scopeCondition } from './reporting.repository';

export type ReceiptRow = {
  id: string;
  clientId: string;
  createdAt: Date;
  type: (typeof transactions.$inferSelect)['type'];
  action: string | null;
  amountCents: number;
  surchargeCents: number;
  status: string | null;
  cardBrand: string | null;
  token: string | null;
  apiResponse: ApiResponse | null;
  thirdPartyApiResponse: Record<string, unknown> | null;
  originalTransactionId: string | null;
  isTest: boolean;
  customerFirstName: string | null;
  customerLastName: string | null;
  merchantName: string;
  merchantDbaName: string | null;
  businessAddress1: string | null;
  businessAddress2: string | null;
  businessLocality: string | null;
  businessRegion: string | null;
  businessPostalCode: string | null;
  businessPhoneNumber: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  phone: string | null;
  receiptTemplate: string | null;
};

// One transaction by id within the caller's report scope, with its merchant. The id alone reaches
// every monthly partition through its primary key (id, created_at).
export async function findReceiptRow(
  executor: Executor,
  id: string,
  scope: ReportScope,
): Promise<ReceiptRow | undefined> {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return undefined;
  const inScope = scopeCondition(scope, sql`${transactions.clientId}`, sql`${transactions.subEntityId}`);
  const [row] = await executor
    .select({
      id: transactions.id,
      clientId: transactions.clientId,
      createdAt: transactions.createdAt,
      type: transactions.type,
      action: transactions.action,
      amountCents: transactions.amountCents,
      surchargeCents: transactions.surchargeCents,
      status: transactions.status,
      cardBrand: transactions.cardBrand,
      token: transactions.token,
      apiResponse: transactions.apiResponse,
      thirdPartyApiResponse: transactions.thirdPartyApiResponse,
      originalTransactionId: transactions.originalTransactionId,
      isTest: transactions.isTest,
      customerFirstName: transactions.customerFirstName,
      customerLastName: transactions.customerLastName,
      merchantName: clients.name,
      merchantDbaName: clients.dbaName,
      businessAddress1: clients.businessAddress1,
      businessAddress2: clients.businessAddress2,
      businessLocality: clients.businessLocality,
      businessRegion: clients.businessRegion,
      businessPostalCode: clients.businessPostalCode,
      businessPhoneNumber: clients.businessPhoneNumber,
      addressLine1: clients.addressLine1,
      addressLine2: clients.addressLine2,
      locality: clients.locality,
      region: clients.region,
      postalCode: clients.postalCode,
      phone: clients.phone,
      customizations: clientConfigs.customizations,
    })
    .from(transactions)
    .innerJoin(clients, eq(clients.id, transactions.clientId))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(and(eq(transactions.id, id), inScope))
    .limit(1);
  if (!row) return undefined;
  const { customizations, ...rest } = row;
  return { ...rest, receiptTemplate: customizations?.default_receipt_template ?? null };
}
