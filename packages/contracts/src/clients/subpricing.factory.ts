import type { SubpricingRow } from './subpricing';

// A GET /api/client/subpricing row for tests: MCC 5814 with a card rate above its base, changed only
// where a test says.
export function buildSubpricingRow(overrides: Partial<SubpricingRow> = {}): SubpricingRow {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    client_id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    label: 'Coffee',
    mccCode: '5814',
    mcc_description: 'Fast food',
    base_card_rate: '2.50+0.10',
    card_rate: '2.90+0.30',
    ach_rate: null,
    crypto_rate: null,
    card_p2c: false,
    ach_p2c: false,
    crypto_p2c: false,
    avg_ticket: '14.50',
    high_ticket: null,
    low_rate: null,
    etf: null,
    reg_fee: null,
    pci_fee: null,
    monthly_fee: null,
    monthly_minimum: null,
    annual_fee: null,
    chargeback_fee: null,
    ach_return: null,
    tax_rate: null,
    updated_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}
