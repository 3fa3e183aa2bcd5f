import {
  isCardRateBelowFloor,
  type SubpricingBody,
  type SubpricingCopyBody,
  SubpricingErrorCode,
  type SubpricingRow,
  SubpricingText,
} from '@portico/contracts/clients/subpricing';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db, Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  clientExists,
  findMccCode,
  findSubpricingRow,
  listSubpricingRows,
  type SubpricingRecord,
  type SubpricingValues,
  upsertSubpricingRow,
} from './subpricing.repository';

// Sub-pricing per MCC code. The Merchants page and the account detail page both read and write it through these functions; reach and roles are checked by
// the routes' access rules before any of them runs.

export const SubpricingError = defineErrors({
  CardRateBelowFloor: [SubpricingErrorCode.CardRateBelowFloor, 'business_rule'],
  UnknownMccCode: [SubpricingErrorCode.UnknownMccCode, 'business_rule'],
  ClientNotFound: [SubpricingErrorCode.ClientNotFound, 'not_found'],
  SameClient: [SubpricingErrorCode.SameClient, 'business_rule'],
});

const decimalOrNull = (cents: number | null) => (cents === null ? null : formatCentsAsDecimal(cents));

export function toSubpricingRow(row: SubpricingRecord): SubpricingRow {
  return {
    id: row.id,
    client_id: row.clientId,
    label: row.label,
    mccCode: row.mccCode,
    mcc_description: row.mccDescription,
    base_card_rate: row.baseCardRate,
    card_rate: row.cardRate,
    ach_rate: row.achRate,
    crypto_rate: row.cryptoRate,
    card_p2c: row.cardP2c,
    ach_p2c: row.achP2c,
    crypto_p2c: row.cryptoP2c,
    avg_ticket: decimalOrNull(row.avgTicketCents),
    high_ticket: decimalOrNull(row.highTicketCents),
    low_rate: row.lowRate,
    etf: decimalOrNull(row.etfCents),
    reg_fee: decimalOrNull(row.regFeeCents),
    pci_fee: decimalOrNull(row.pciFeeCents),
    monthly_fee: decimalOrNull(row.monthlyFeeCents),
    monthly_minimum: decimalOrNull(row.monthlyMinimumCents),
    annual_fee: decimalOrNull(row.annualFeeCents),
    chargeback_fee: decimalOrNull(row.chargebackFeeCents),
    ach_return: decimalOrNull(row.achReturnCents),
    tax_rate: row.taxRate,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSubpricing(executor: Executor, clientId: string): Promise<SubpricingRow[]> {
  return (await listSubpricingRows(executor, clientId)).map(toSubpricingRow);
}

// Only the fields the body names: a save of the table's columns leaves the other fees as they are;
// null clears one.
function valuesOf(body: SubpricingBody): SubpricingValues {
  const named: SubpricingValues = {
    label: body.label,
    cardRate: body.card_rate,
    achRate: body.ach_rate,
    cryptoRate: body.crypto_rate,
    cardP2c: body.card_p2c,
    achP2c: body.ach_p2c,
    cryptoP2c: body.crypto_p2c,
    avgTicketCents: body.avg_ticket,
    highTicketCents: body.high_ticket,
    lowRate: body.low_rate,
    etfCents: body.etf,
    regFeeCents: body.reg_fee,
    pciFeeCents: body.pci_fee,
    monthlyFeeCents: body.monthly_fee,
    monthlyMinimumCents: body.monthly_minimum,
    annualFeeCents: body.annual_fee,
    chargebackFeeCents: body.chargeback_fee,
    achReturnCents: body.ach_return,
    taxRate: body.tax_rate,
  };
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
}

function recordValues(row: SubpricingRecord): SubpricingValues {
  return {
    label: row.label,
    cardRate: row.cardRate,
    achRate: row.achRate,
    cryptoRate: row.cryptoRate,
    cardP2c: row.cardP2c,
    achP2c: row.achP2c,
    cryptoP2c: row.cryptoP2c,
    avgTicketCents: row.avgTicketCents,
    highTicketCents: row.highTicketCents,
    lowRate: row.lowRate,
    etfCents: row.etfCents,
    regFeeCents: row.regFeeCents,
    pciFeeCents: row.pciFeeCents,
    monthlyFeeCents: row.monthlyFeeCents,
    monthlyMinimumCents: row.monthlyMinimumCents,
    annualFeeCents: row.annualFeeCents,
    chargebackFeeCents: row.chargebackFeeCents,
    achReturnCents: row.achReturnCents,
    taxRate: row.taxRate,
  };
}

// POST /api/subpricing: adds the row of one MCC code, or replaces it. The card rate may not go below
// the MCC's base rate; a refused save changes nothing.
export async function saveSubpricing(db: Db, caller: Caller, body: SubpricingBody): Promise<SubpricingRow> {
  if (!(await clientExists(db, body.client_id)))
    throw SubpricingError.ClientNotFound(SubpricingText.ClientNotFound);
  const mcc = await findMccCode(db, body.mcc_code);
  if (!mcc) throw SubpricingError.UnknownMccCode(SubpricingText.UnknownMccCode);
  if (body.card_rate && isCardRateBelowFloor(body.card_rate, mcc.cardRate)) {
    throw SubpricingError.CardRateBelowFloor(`${SubpricingText.CardRateBelowFloor} (${mcc.cardRate})`);
  }
  return db.transaction(async (tx) => {
    const id = await upsertSubpricingRow(tx, body.client_id, body.mcc_code, valuesOf(body));
    await recordAudit(tx, {
      action: 'client.subpricing',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: body.client_id,
      clientId: body.client_id,
      details: { mcc_code: body.mcc_code, card_rate: body.card_rate ?? null },
    });
    const saved = await findSubpricingRow(tx, id);
    if (!saved) throw new Error('saved sub-pricing row is gone');
    return toSubpricingRow(saved);
  });
}

// POST /api/subpricing/copy: every row of one client onto another in one transaction; the target's
// rows of other MCC codes stay.
export async function copySubpricing(
  db: Db,
  caller: Caller,
  body: SubpricingCopyBody,
): Promise<{ copied: number }> {
  if (body.from_client_id === body.to_client_id) throw SubpricingError.SameClient(SubpricingText.SameClient);
  if (!(await clientExists(db, body.from_client_id)) || !(await clientExists(db, body.to_client_id))) {
    throw SubpricingError.ClientNotFound(SubpricingText.ClientNotFound);
  }
  const source = await listSubpricingRows(db, body.from_client_id);
  return db.transaction(async (tx) => {
    for (const row of source)
      await upsertSubpricingRow(tx, body.to_client_id, row.mccCode, recordValues(row));
    await recordAudit(tx, {
      action: 'client.subpricing',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: body.to_client_id,
      clientId: body.to_client_id,
      details: { copied_from: body.from_client_id, rows: source.length },
    });
    return { copied: source.length };
  });
}
