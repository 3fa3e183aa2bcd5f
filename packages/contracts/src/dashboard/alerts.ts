import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';

// GET /api/risk?id={id} ("message list, count shown") and GET /api/operations?id={id}
// ("count shown"): the dashboard's Open Risk Alerts and Open Ops Alerts cards (admin only).
// Both are computed from the data, not typed in.

// Without id: every merchant. With id: that client and every client below it.
export const alertsQuery = z.object({ id: z.uuid().optional() });
export type AlertsQuery = z.infer<typeof alertsQuery>;

// How far back an alert that has no resolution of its own stays open.
export const openAlertWindowDays = 30;

// The three rules of the Risk Information tabs ('3x Std Dev', 'Over High Ticket', 'High Velocity').
export const riskAlertKinds = ['std_dev', 'high_ticket', 'high_velocity'] as const;
export type RiskAlertKind = (typeof riskAlertKinds)[number];

// A transaction of the last openAlertWindowDays days that breaks a rule and that nobody has written a
// risk note on yet: the note is the review that closes it. One alert per rule the transaction breaks.
export const riskAlertSchema = z.object({
  kind: z.enum(riskAlertKinds),
  transaction_id: z.uuid(),
  client_id: z.uuid(),
  merchant: z.string(),
  amount: moneyOutput,
  created_at: z.iso.datetime(),
});
export type RiskAlert = z.infer<typeof riskAlertSchema>;
export const riskAlertsResponse = successEnvelope(z.array(riskAlertSchema));

// A payout held or failed (open until it is paid), an ACH item returned or rejected, and a merchant
// data sync that failed, in the last openAlertWindowDays days. The fields follow the Operations grid
// (id, Name, Type, Result, Created).
export const operationsAlertTypes = ['payout', 'ach_return', 'data_sync'] as const;
export type OperationsAlertType = (typeof operationsAlertTypes)[number];

export const operationsAlertSchema = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  name: z.string(),
  type: z.enum(operationsAlertTypes),
  result: z.string(),
  created_at: z.iso.datetime(),
});
export type OperationsAlert = z.infer<typeof operationsAlertSchema>;
export const operationsAlertsResponse = successEnvelope(z.array(operationsAlertSchema));
