import { z } from 'zod';
import type { UserType } from '../auth/roles';
import { successEnvelope } from '../common/envelope';

// GET /api/portal/clients-meta?id={id}: a list whose items carry their level (Parent or
// Merchant). The dashboard's Merchants and Parents cards count it.

// Without id: every client the caller reaches. With id: that client and every client below it.
export const clientsMetaQuery = z.object({ id: z.uuid().optional() });
export type ClientsMetaQuery = z.infer<typeof clientsMetaQuery>;

export const clientLevels = ['Parent', 'Merchant'] as const;
export type ClientLevel = (typeof clientLevels)[number];

export const clientMetaSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  dba_name: z.string().nullable(),
  level: z.enum(clientLevels),
  parent_id: z.uuid().nullable(),
});
export type ClientMeta = z.infer<typeof clientMetaSchema>;

export const clientsMetaResponse = successEnvelope(z.array(clientMetaSchema));

export function countClientsByLevel(list: readonly Pick<ClientMeta, 'level'>[]): Record<ClientLevel, number> {
  const counts: Record<ClientLevel, number> = { Parent: 0, Merchant: 0 };
  for (const client of list) counts[client.level] += 1;
  return counts;
}

// The metrics cards: the Merchants card for admin and parent; the Open Risk Alerts, Open Ops
// Alerts and Parents cards for admin only. The server answers the calls behind them on the same rule.
export type DashboardCard = 'merchants' | 'parents' | 'openRiskAlerts' | 'openOpsAlerts';

const cardRoles: Record<DashboardCard, readonly UserType[]> = {
  merchants: ['admin', 'parent'],
  parents: ['admin'],
  openRiskAlerts: ['admin'],
  openOpsAlerts: ['admin'],
};

export function isDashboardCardShownTo(card: DashboardCard, actingRole: UserType): boolean {
  return cardRoles[card].includes(actingRole);
}

export const clientsMetaRoles = cardRoles.merchants;
