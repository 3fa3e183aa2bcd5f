import {
  type OperationsAlert,
  openAlertWindowDays,
  type RiskAlert,
} from '@portico/contracts/dashboard/alerts';
import {
  type CertificationCounts,
  CertificationErrorCode,
  type CertificationProgress,
  CertificationText,
  certificationProgressPercent,
  isCertificationComplete,
} from '@portico/contracts/dashboard/certification';
import type { ClientMeta } from '@portico/contracts/dashboard/clients-meta';
import {
  DataSyncErrorCode,
  type DataSyncRequest,
  DataSyncText,
  type MerchantSyncOption,
} from '@portico/contracts/dashboard/manual-data-pull';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { eq } from 'drizzle-orm';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { decideMerchantAccess } from '../../access/merchant-scope';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { listClientSummaries, listDescendantSummaries } from '../rbac/rbac.repository';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import {
  type ClientScope,
  findCertificationClient,
  findClientLevel,
  listMerchantSyncOptions,
  listOpenOperationsAlerts,
  listOpenRiskAlerts,
  requestDataSync,
  summarizeCertificationTests,
  summarizeCertificationTransactions,
} from './dashboard.repository';

export const DashboardError = defineErrors({
  SyncMerchantNotFound: [DataSyncErrorCode.MerchantNotFound, 'not_found'],
  CertificationClientNotFound: [CertificationErrorCode.ClientNotFound, 'not_found'],
  ClientNotFound: ['CLIENT_NOT_FOUND', 'not_found'],
});

export const DashboardServiceText = { ClientNotFound: 'Client not found' } as const;

// The client named by ?id=, once the access layer found it within reach (staff may name one that
// does not exist: a 404 then).
function selectedClientOf(caller: Caller): { id: string; exists: boolean } | null {
  const merchant = caller.merchant;
  return merchant ? { id: merchant.merchantId, exists: merchant.merchantExists } : null;
}

// ---- Merchant data sync --------------------------------------------------------------------------

export async function merchantSyncOptions(db: Db): Promise<MerchantSyncOption[]> {
  const rows = await listMerchantSyncOptions(db);
  return rows.map((row) => ({ merchant_id: row.id, dba_name: row.dbaName }));
}

// Records the request for the job that pulls the merchant's processor data. That job runner does not
// exist yet (docs/decisions/0011-own-job-runner.md): requests wait in data_sync_requests with status requested.
export async function submitDataSyncRequest(
  db: Db,
  caller: Caller,
  merchantId: string,
): Promise<DataSyncRequest> {
  // Processor-audit users never get here: the access plugin refuses their writes.
  if ((await findClientLevel(db, merchantId)) !== 'Merchant') {
    throw DashboardError.SyncMerchantNotFound(DataSyncText.MerchantNotFound);
  }
  const { request } = await db.transaction(async (tx) => {
    const result = await requestDataSync(tx, {
      clientId: merchantId,
      userId: caller.session.userId,
      email: caller.session.email,
    });
    await recordAudit(tx, {
      action: 'data_sync_request',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'data_sync_request',
      targetId: result.request.id,
      clientId: merchantId,
      details: { is_new: result.isNew },
    });
    return result;
  });
  return {
    id: request.id,
    merchant_id: request.clientId,
    status: request.status,
    requested_at: request.requestedAt.toISOString(),
  };
}

// ---- Clients meta --------------------------------------------------------------------------------

function clientMetaOf(client: {
  id: string;
  name: string;
  dbaName: string | null;
  level: 'Parent' | 'Merchant';
  parentId: string | null;
}): ClientMeta {
  return {
    id: client.id,
    name: client.name,
    dba_name: client.dbaName,
    level: client.level,
    parent_id: client.parentId,
  };
}

// With id (already checked to be within reach): that client and everything below it. Without: what
// the caller reaches (staff: every client; a parent: its hierarchy and member merchants).
export async function clientsMeta(db: Db, caller: Caller): Promise<ClientMeta[]> {
  const selected = selectedClientOf(caller);
  if (selected) {
    if (!selected.exists) throw DashboardError.ClientNotFound(DashboardServiceText.ClientNotFound);
    const root = await listClientSummaries(db, [selected.id]);
    const below = await listDescendantSummaries(db, [selected.id]);
    return [...root, ...below].map(clientMetaOf);
  }
  const reached = await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId);
  return reached.map(clientMetaOf);
}

// ---- Alerts ---------------------------------------------------------------------------------------

const dayMs = 86_400_000;

function alertWindow(now: Date) {
  return { start: new Date(now.getTime() - openAlertWindowDays * dayMs), end: now };
}

function scopeOf(caller: Caller): ClientScope {
  const selected = selectedClientOf(caller);
  if (!selected) return { kind: 'all' };
  if (!selected.exists) throw DashboardError.ClientNotFound(DashboardServiceText.ClientNotFound);
  return { kind: 'subtree', rootId: selected.id };
}

export async function openRiskAlerts(db: Db, caller: Caller, now: Date): Promise<RiskAlert[]> {
  const rows = await listOpenRiskAlerts(db, scopeOf(caller), alertWindow(now));
  return rows.map((row) => ({
    kind: row.kind,
    transaction_id: row.transaction_id,
    client_id: row.client_id,
    merchant: row.merchant,
    amount: formatCentsAsDecimal(Number(row.amount_cents)),
    created_at: row.created_at,
  }));
}

export async function openOperationsAlerts(db: Db, caller: Caller, now: Date): Promise<OperationsAlert[]> {
  return listOpenOperationsAlerts(db, scopeOf(caller), alertWindow(now));
}

// ---- Certification progress ----------------------------------------------------------------------

async function defaultClientIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ clientId: users.defaultClientId }).from(users).where(eq(users.id, userId));
  return row?.clientId ?? null;
}

// Without id: the viewed client, else the caller's default client (in reach like any other).
export async function certificationProgress(db: Db, caller: Caller): Promise<CertificationProgress> {
  const selected = selectedClientOf(caller);
  const clientId =
    selected?.id ?? caller.viewAsClientId ?? (await defaultClientIdOf(db, caller.session.userId));
  const client = clientId ? await findCertificationClient(db, clientId) : null;
  if (!client) throw DashboardError.CertificationClientNotFound(CertificationText.ClientNotFound);
  if (!selected) {
    const access = await decideMerchantAccess(db, caller.session, client.id, undefined);
    if (!access.isAllowed) throw DashboardError.CertificationClientNotFound(CertificationText.ClientNotFound);
  }
  // Recorded tests and, while in certification, the sandbox charges and refunds it makes.
  const summary = [
    ...(await summarizeCertificationTests(db, client.id)),
    ...(client.isInCertification ? await summarizeCertificationTransactions(db, client.id) : []),
  ];
  const counts: CertificationCounts = { charges: 0, refunds: 0, reporting: 0 };
  // The earliest pass of each category, whichever source it came from.
  const firstPassed = new Map<string, string>();
  for (const row of summary) {
    counts[row.category] += row.passed;
    const earlier = firstPassed.get(row.category);
    if (row.firstPassedAt && (earlier === undefined || row.firstPassedAt < earlier)) {
      firstPassed.set(row.category, row.firstPassedAt);
    }
  }
  // Completed when the last category was first passed: the latest of the first passes.
  const completedAt = isCertificationComplete(counts)
    ? ([...firstPassed.values()].sort().at(-1) ?? null)
    : null;
  return {
    client_id: client.id,
    is_in_certification: client.isInCertification,
    ...counts,
    progress: certificationProgressPercent(counts),
    date_time_completed: completedAt,
  };
}
