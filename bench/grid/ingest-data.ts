// The Load All stream the ingest benchmark feeds the browser: report rows written by the server's own
// row writer (so the bytes are the wire format), from lines shaped like the seeded data: 40 merchants
// under 6 parents, card and ACH payments, customers' meta on every row, a location on some.
import { createRng } from '../../apps/server/src/db/seed/prng';
import { reportLineFields } from '../../apps/server/src/modules/reporting/report-line-sql';
import { ReportRowWriter } from '../../apps/server/src/modules/reporting/report-row';

const firstNames = ['James', 'Maria', 'Wei', 'Priya', 'Jose', 'Aisha', 'Tom', 'Léa', 'Kenji', 'Olga'];
const lastNames = ['Nguyen', 'Smith', 'Perez', 'Scott', 'Robinson', 'Müller', 'Okafor', 'Jones'];
const brands = ['VISA', 'MC', 'AMEX', 'DISCOVER'];
const locations = ['Sellwood', 'Pier 3', 'Downtown', 'Harbor Lane'];

// n NDJSON lines, newest first, as GET /api/v1/report streams them to an admin.
export function makeReportNdjson(n: number): Buffer {
  const rng = createRng(20_250_715);
  const random = rng.next;
  const parents = Array.from({ length: 6 }, (_, i) => `Parent Services ${i + 1}`);
  const merchants = Array.from({ length: 40 }, (_, i) => ({
    id: rng.uuid(),
    name: `Merchant ${i + 1} Coffee & Co`,
    dbaName: i % 5 === 0 ? '' : `=Merchant ${i + 1} DBA`,
    parentName: `=${parents[i % parents.length]}`,
  }));
  const writer = new ReportRowWriter({ kind: 'all' });
  const lines: string[] = [];
  let at = Date.parse('2026-11-20T12:00:00.000Z');
  for (let i = 0; i < n; i++) {
    at -= Math.floor(random() * 30_000);
    const merchant = merchants[Math.floor(random() * merchants.length)] ?? merchants[0];
    if (!merchant) throw new Error('no merchants');
    const isCard = random() < 0.8;
    const brand = brands[Math.floor(random() * brands.length)] ?? 'VISA';
    const last4 = String(1000 + Math.floor(random() * 9000));
    const first = firstNames[Math.floor(random() * firstNames.length)] ?? 'Ann';
    const last = lastNames[Math.floor(random() * lastNames.length)] ?? 'Lee';
    const location = random() < 0.18 ? locations[Math.floor(random() * locations.length)] : undefined;
    const amount = Math.floor(random() * 50_000) + 100;
    const iso = new Date(at).toISOString();
    const values: Record<(typeof reportLineFields)[number], string> = {
      created_at: `${iso.slice(0, 10)} ${iso.slice(11, 23)}${String(Math.floor(random() * 1000)).padStart(3, '0')}`,
      id: rng.uuid(),
      has_follow_ups: 'false',
      client_id: merchant.id,
      amount_cents: String(random() < 0.05 ? -amount : amount),
      fee_cents: String(Math.floor(amount * 0.029) + 30),
      surcharge_cents: random() < 0.1 ? String(Math.floor(amount * 0.03)) : '0',
      type: isCard ? 'charge' : 'ach',
      action_mode: random() < 0.9 ? (isCard ? 'charge' : 'debit') : '',
      payment_status: random() < 0.95 ? 'true' : 'false',
      request_status: 'true',
      pro_pay_status: !isCard && random() < 0.02 ? 'ACHInReturned' : '',
      settlement_amount_cents: random() < 0.7 ? String(amount - 30) : '',
      settlement_date: iso.slice(0, 10),
      original_transaction_id: random() < 0.03 ? rng.uuid() : '',
      action: '=sale',
      status: random() < 0.93 ? '=Approved' : '=Declined',
      card_brand: isCard ? `=${brand}` : '',
      card_type: isCard ? (random() < 0.7 ? '=credit' : '=debit') : '',
      token: isCard ? `=${brand}-${last4}-12-2027` : `=BANK-${last4}`,
      masked_account_number: `"XXXXXXXXXXXX${last4}"`,
      meta: `{"email": "${first.toLowerCase()}.${last.toLowerCase()}${i % 97}@example.com", "lastName": "${last}", "firstName": "${first}", "customFields": {${location ? `"Location": "${location}"` : ''}}}`,
      sub_location: location ? `{"name": "${location}", "custom_fields": {"RD": "R-${i % 9}"}}` : '',
      is_test: 'false',
      is_disputed: 'false',
      merchant_name: `=${merchant.name}`,
      merchant_dba_name: merchant.dbaName,
      parent_name: merchant.parentName,
    };
    lines.push(writer.reportRow(reportLineFields.map((name) => values[name]).join('\u001f')));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
