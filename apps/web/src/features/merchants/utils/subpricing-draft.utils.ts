import {
  type SubpricingInput,
  type SubpricingRow,
  subpricingFeeFields,
  subpricingProblems,
} from '@portico/contracts/clients/subpricing';

// One editable MCC configuration (a subpricing row): text as typed, amounts as decimal text.
export type SubpricingDraft = {
  mccCode: string;
  label: string;
  card_rate: string;
  ach_rate: string;
  crypto_rate: string;
  card_p2c: boolean;
  ach_p2c: boolean;
  crypto_p2c: boolean;
  avg_ticket: string;
  high_ticket: string;
  low_rate: string;
  etf: string;
  reg_fee: string;
  pci_fee: string;
  monthly_fee: string;
  monthly_minimum: string;
  annual_fee: string;
  chargeback_fee: string;
  ach_return: string;
  tax_rate: string;
};

export const subpricingTextFields = [
  'label',
  'card_rate',
  'ach_rate',
  'crypto_rate',
  'avg_ticket',
  'high_ticket',
  ...subpricingFeeFields,
] as const;
export type SubpricingTextField = (typeof subpricingTextFields)[number];
export { subpricingFlagFields } from '@portico/contracts/clients/subpricing';
export type SubpricingFlagField = 'card_p2c' | 'ach_p2c' | 'crypto_p2c';

export function toSubpricingDraft(row: SubpricingRow): SubpricingDraft {
  return {
    mccCode: row.mccCode,
    label: row.label ?? '',
    card_rate: row.card_rate ?? '',
    ach_rate: row.ach_rate ?? '',
    crypto_rate: row.crypto_rate ?? '',
    card_p2c: row.card_p2c,
    ach_p2c: row.ach_p2c,
    crypto_p2c: row.crypto_p2c,
    avg_ticket: row.avg_ticket ?? '',
    high_ticket: row.high_ticket ?? '',
    low_rate: row.low_rate ?? '',
    etf: row.etf ?? '',
    reg_fee: row.reg_fee ?? '',
    pci_fee: row.pci_fee ?? '',
    monthly_fee: row.monthly_fee ?? '',
    monthly_minimum: row.monthly_minimum ?? '',
    annual_fee: row.annual_fee ?? '',
    chargeback_fee: row.chargeback_fee ?? '',
    ach_return: row.ach_return ?? '',
    tax_rate: row.tax_rate ?? '',
  };
}

// A blank box clears the value; everything else is sent as typed and checked by the contracts schema.
function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function toSubpricingBody(clientId: string, draft: SubpricingDraft): SubpricingInput {
  const fees = Object.fromEntries(subpricingFeeFields.map((field) => [field, textOrNull(draft[field])]));
  return {
    client_id: clientId,
    mcc_code: draft.mccCode,
    label: textOrNull(draft.label),
    card_rate: textOrNull(draft.card_rate),
    ach_rate: textOrNull(draft.ach_rate),
    crypto_rate: textOrNull(draft.crypto_rate),
    card_p2c: draft.card_p2c,
    ach_p2c: draft.ach_p2c,
    crypto_p2c: draft.crypto_p2c,
    avg_ticket: textOrNull(draft.avg_ticket),
    high_ticket: textOrNull(draft.high_ticket),
    ...fees,
  };
}

// Only the lines that differ from what the server holds are saved.
export function changedSubpricingDrafts(
  drafts: readonly SubpricingDraft[],
  rows: readonly SubpricingRow[],
): SubpricingDraft[] {
  const saved = new Map(rows.map((row) => [row.mccCode, JSON.stringify(toSubpricingDraft(row))]));
  return drafts.filter((draft) => saved.get(draft.mccCode) !== JSON.stringify(draft));
}

// The problems of the drafts about to be saved, by MCC code and field (the server's own rules).
export function subpricingDraftProblems(
  clientId: string,
  drafts: readonly SubpricingDraft[],
): Record<string, Partial<Record<string, string>>> {
  const entries = drafts
    .map((draft) => [draft.mccCode, subpricingProblems(toSubpricingBody(clientId, draft))] as const)
    .filter(([, problems]) => Object.keys(problems).length > 0);
  return Object.fromEntries(entries);
}
