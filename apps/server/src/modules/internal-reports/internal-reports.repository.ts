import type { InternalReportName } from '@portico/contracts/internal-reports/internal-reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows, type SqlRow } from '../../db/sql-rows';

// The whitelist: each report name maps to a fixed query over its view (migration 0003). The name a
// caller sends is only ever a key of this table, never text in SQL.
const reportQueries: Record<InternalReportName, SQL> = {
  'reporting.merchant_volume_by_month': sql`select * from reporting.merchant_volume_by_month order by month desc, gross_cents desc, client_id`,
  'reporting.declines_by_reason': sql`select * from reporting.declines_by_reason order by month desc, decline_count desc, reason, response_code, processor, payment_method, card_brand`,
  'reporting.enrollments_by_status': sql`select * from reporting.enrollments_by_status order by application_type, application_status, onboarding_status, kyc_status`,
  'reporting.high_ticket_transactions': sql`select * from reporting.high_ticket_transactions order by created_at desc, transaction_id`,
  'reporting.merchant_status_changes': sql`select * from reporting.merchant_status_changes order by changed_at desc, client_id`,
  'reporting.payouts_by_month': sql`select * from reporting.payouts_by_month order by month desc, processor, status`,
};

export async function readInternalReport(
  executor: Executor,
  name: InternalReportName,
  maxRows: number,
): Promise<SqlRow[]> {
  return queryRows(executor, sql`${reportQueries[name]} limit ${maxRows}`);
}
