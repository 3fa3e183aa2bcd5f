import type { SubpricingInput, SubpricingRow } from '@portico/contracts/clients/subpricing';

// One editable line of the sub-pricing table (a subpricing row): text as typed, amounts as
// decimal text.
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
};

export const subpricingTextFields = [
  'label',
  'card_rate',
  'ach_rate',
  'crypto_rate',
  'avg_ticket',
  'high_ticket',
] as const;
export type SubpricingTextField = (typeof subpricingTextFields)[number];
export const subpricingFlagFields = ['card_p2c', 'ach_p2c', 'crypto_p2c'] as const;
export type SubpricingFlagField = (typeof subpricingFlagFields)[number];

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
  };
}

// A blank box clears the value; everything else is sent as typed and checked by the server.
function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function toSubpricingBody(clientId: string, draft: SubpricingDraft): SubpricingInput {
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
