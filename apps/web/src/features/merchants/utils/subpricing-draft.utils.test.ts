import type { SubpricingRow } from '@portico/contracts/clients/subpricing';
import { describe, expect, it } from 'vitest';
import {
  changedSubpricingDrafts,
  subpricingDraftProblems,
  toSubpricingBody,
  toSubpricingDraft,
} from './subpricing-draft.utils';

const clientId = '00000000-0000-4000-8000-0000000000c1';
const row: SubpricingRow = {
  id: '00000000-0000-4000-8000-0000000000a1',
  client_id: clientId,
  label: 'Coffee',
  mccCode: '5814',
  mcc_description: 'Fast food',
  base_card_rate: '2.50+0.10',
  card_rate: '2.90+0.30',
  ach_rate: null,
  crypto_rate: null,
  card_p2c: true,
  ach_p2c: false,
  crypto_p2c: false,
  avg_ticket: '14.50',
  high_ticket: null,
  low_rate: null,
  etf: null,
  reg_fee: null,
  pci_fee: null,
  monthly_fee: '9.95',
  monthly_minimum: null,
  annual_fee: null,
  chargeback_fee: null,
  ach_return: null,
  tax_rate: null,
  updated_at: '2026-11-25T10:00:00.000Z',
};

describe('sub-pricing drafts', () => {
  it('sends every field of the MCC configuration, fees included, blanks as null', () => {
    const draft = { ...toSubpricingDraft(row), ach_rate: '  ', label: ' Cafe ' };
    expect(toSubpricingBody(clientId, draft)).toEqual({
      client_id: clientId,
      mcc_code: '5814',
      label: 'Cafe',
      card_rate: '2.90+0.30',
      ach_rate: null,
      crypto_rate: null,
      card_p2c: true,
      ach_p2c: false,
      crypto_p2c: false,
      avg_ticket: '14.50',
      high_ticket: null,
      low_rate: null,
      etf: null,
      reg_fee: null,
      pci_fee: null,
      monthly_fee: '9.95',
      monthly_minimum: null,
      annual_fee: null,
      chargeback_fee: null,
      ach_return: null,
      tax_rate: null,
    });
  });

  it("names the rows and fields the server's schema refuses, with its messages", () => {
    const bad = { ...toSubpricingDraft(row), etf: '12.345', tax_rate: 'eight', low_rate: '1.5' };
    const problems = subpricingDraftProblems(clientId, [toSubpricingDraft(row), bad]);
    expect(Object.keys(problems)).toEqual(['5814']);
    expect(problems['5814']).toEqual({
      etf: 'Amount must be a number with at most 2 decimals',
      tax_rate: 'Tax rate like 8.25',
      low_rate: 'Rate like 2.90+0.30',
    });
    expect(
      subpricingDraftProblems(clientId, [{ ...toSubpricingDraft(row), etf: '5,000.00' }]),
    ).toHaveProperty('5814.etf');
    expect(subpricingDraftProblems(clientId, [{ ...toSubpricingDraft(row), etf: '500' }])).toEqual({});
  });

  it('finds the lines that changed', () => {
    const unchanged = toSubpricingDraft(row);
    expect(changedSubpricingDrafts([unchanged], [row])).toEqual([]);
    const edited = { ...unchanged, high_ticket: '250' };
    expect(changedSubpricingDrafts([edited], [row])).toEqual([edited]);
  });
});
