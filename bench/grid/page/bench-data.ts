// 100,000 x 20 rows of transaction-like data, the same for both grids: a seeded generator, so every
// run sorts, filters and groups the same values.
import { createRng } from '../../../apps/server/src/db/seed/prng';

export type BenchRow = {
  id: number;
  merchant: string;
  status: string;
  type: string;
  amount: number;
  fee: number;
  net: number;
  createdAt: string;
  settled: boolean;
  cardBrand: string;
  last4: string;
  city: string;
  state: string;
  batch: number;
  processor: string;
  reference: string;
  customer: string;
  email: string;
  tip: number;
  tax: number;
};

export type BenchColumnKind = 'number' | 'text' | 'money' | 'datetime' | 'boolean' | 'enum';
export const benchColumns: { id: keyof BenchRow; header: string; kind: BenchColumnKind }[] = [
  { id: 'id', header: 'ID', kind: 'number' },
  { id: 'merchant', header: 'Merchant', kind: 'text' },
  { id: 'status', header: 'Status', kind: 'enum' },
  { id: 'type', header: 'Type', kind: 'enum' },
  { id: 'amount', header: 'Amount', kind: 'money' },
  { id: 'fee', header: 'Fee', kind: 'money' },
  { id: 'net', header: 'Net', kind: 'money' },
  { id: 'createdAt', header: 'Created', kind: 'datetime' },
  { id: 'settled', header: 'Settled', kind: 'boolean' },
  { id: 'cardBrand', header: 'Brand', kind: 'enum' },
  { id: 'last4', header: 'Last 4', kind: 'text' },
  { id: 'city', header: 'City', kind: 'text' },
  { id: 'state', header: 'State', kind: 'text' },
  { id: 'batch', header: 'Batch', kind: 'number' },
  { id: 'processor', header: 'Processor', kind: 'enum' },
  { id: 'reference', header: 'Reference', kind: 'text' },
  { id: 'customer', header: 'Customer', kind: 'text' },
  { id: 'email', header: 'E-mail', kind: 'text' },
  { id: 'tip', header: 'Tip', kind: 'money' },
  { id: 'tax', header: 'Tax', kind: 'money' },
];

const words = ['Harbor', 'Copper', 'Maple', 'River', 'Summit', 'Golden', 'Cedar', 'Prairie', 'Urban', 'Lake'];
const nouns = [
  'Coffee',
  'Bistro',
  'Hardware',
  'Auto',
  'Florals',
  'Fitness',
  'Pets',
  'Bakery',
  'Books',
  'Grill',
];
const statuses = ['settled', 'pending', 'declined', 'failed', 'refunded', 'voided'];
const types = ['charge', 'refund', 'void', 'debit', 'credit', 'apple_pay'];
const brands = ['VISA', 'MC', 'AMEX', 'DISC', 'ACH'];
const processors = ['FIS', 'EPX', 'Bluesnap', 'ProPay', 'MerchantE'];
const cities = ['Austin', 'Denver', 'Boston', 'Tampa', 'Reno', 'Omaha', 'Tulsa', 'Fresno'];
const states = ['TX', 'CO', 'MA', 'FL', 'NV', 'NE', 'OK', 'CA'];

export function makeBenchRows(count: number): BenchRow[] {
  const random = createRng(20261122).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const start = Date.UTC(2026, 0, 1);
  const rows: BenchRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const amount = Math.round(random() * 500_00) / 100;
    const fee = Math.round(amount * 2.9 + 30) / 100;
    const cityIndex = Math.floor(random() * cities.length);
    rows[i] = {
      id: i + 1,
      merchant: `${pick(words)} ${pick(nouns)}`,
      status: pick(statuses),
      type: pick(types),
      amount,
      fee,
      net: Math.round((amount - fee) * 100) / 100,
      createdAt: new Date(start + Math.floor(random() * 300 * 86_400_000)).toISOString(),
      settled: random() < 0.7,
      cardBrand: pick(brands),
      last4: String(1000 + Math.floor(random() * 9000)),
      city: cities[cityIndex] ?? 'Austin',
      state: states[cityIndex] ?? 'TX',
      batch: 1000 + Math.floor(random() * 500),
      processor: pick(processors),
      reference: `R${Math.floor(random() * 1e9)
        .toString(36)
        .toUpperCase()}`,
      customer: `${pick(words)} ${pick(nouns)}son`,
      email: `c${i}@example.com`,
      tip: Math.round(random() * 20_00) / 100,
      tax: Math.round(amount * 8.25) / 100,
    };
  }
  return rows;
}
