import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { lastFourDigitsOfTransaction } from '@portico/contracts/transactions/last-four';
import { reportLineFields } from './report-line-sql';

// The server half of a report row: the database sends the stored values (report-line-sql.ts) and
// this writes the row's JSON text, formatting money with the contracts helper and leaving out the
// REPORTS_ADVANCED fields where the caller may not see them. One writer serves the paged answer, the
// JSON fallback, the NDJSON stream and the search, so they cannot disagree; the tests parse its
// output with the contracts schemas (reportRowSchema, searchRowSchema).

const fieldSeparator = '\u001f';

// One row: the fields of report-line-sql.ts, split.
export type ReportRowFields = readonly string[];

export function splitReportLine(line: string): ReportRowFields {
  const fields = line.split(fieldSeparator);
  if (fields.length !== reportLineFields.length) {
    throw new Error(`A report row has ${fields.length} fields, not ${reportLineFields.length}`);
  }
  return fields;
}

// Positions in reportLineFields, spelled out: the writer runs for every row of a stream.
const F = {
  createdAt: 0,
  id: 1,
  clientId: 2,
  amountCents: 3,
  feeCents: 4,
  surchargeCents: 5,
  type: 6,
  actionMode: 7,
  paymentStatus: 8,
  requestStatus: 9,
  proPayStatus: 10,
  settlementAmountCents: 11,
  settlementDate: 12,
  originalTransactionId: 13,
  action: 14,
  status: 15,
  cardBrand: 16,
  cardType: 17,
  token: 18,
  merchantName: 19,
  merchantDbaName: 20,
  parentName: 21,
  maskedAccountNumber: 22,
  meta: 23,
  subLocation: 24,
} as const;

function field(row: ReportRowFields, index: number): string {
  return row[index] ?? '';
}

// A free-text field: '' null, '=' then the text, or 'J' then its JSON encoding.
function freeText(row: ReportRowFields, index: number): string | null {
  const text = field(row, index);
  if (text === '') return null;
  if (text.charCodeAt(0) === 61 /* = */) return text.slice(1);
  const decoded: unknown = JSON.parse(text.slice(1));
  if (typeof decoded !== 'string') throw new Error('A report text field is not a string');
  return decoded;
}

function textJson(row: ReportRowFields, index: number): string {
  const text = freeText(row, index);
  return text === null ? 'null' : JSON.stringify(text);
}

// A plain field (id, enum, date) as a JSON string, or null.
function plainJson(row: ReportRowFields, index: number): string {
  const text = field(row, index);
  return text === '' ? 'null' : `"${text}"`;
}

// '2025-06-15 08:30:00.123456' (UTC) -> '2025-06-15T08:30:00.123Z'.
function isoInstant(text: string): string {
  if (text.length < 19 || text.charCodeAt(10) !== 32) throw new Error(`Not a UTC timestamp: ${text}`);
  const fraction = text.length > 20 ? `${text.slice(20, 23)}00`.slice(0, 3) : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

// bigint cents arrive as decimal text; the contracts helper is the only cents-to-decimal conversion.
function money(cents: string): string {
  return `"${formatCentsAsDecimal(Number(cents))}"`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Members of a stored jsonb object that the contracts schema knows, by expected type. The stored
// text is written as it is when it holds nothing else (the usual case); otherwise only those.
type MemberTypes = Readonly<Record<string, 'string' | 'object'>>;
const metaMembers: MemberTypes = {
  firstName: 'string',
  lastName: 'string',
  email: 'string',
  customFields: 'object',
};
const subLocationMembers: MemberTypes = { name: 'string', custom_fields: 'object' };

function hasKnownType(value: unknown, type: 'string' | 'object'): boolean {
  return type === 'string' ? typeof value === 'string' : isPlainObject(value);
}

function knownMembersJson(text: string, members: MemberTypes): string | null {
  if (text === '') return null;
  const parsed: unknown = JSON.parse(text);
  if (!isPlainObject(parsed)) return null;
  let knownCount = 0;
  let isClean = true;
  for (const key in parsed) {
    const type = members[key];
    if (type !== undefined && hasKnownType(parsed[key], type)) knownCount++;
    else isClean = false;
  }
  if (knownCount === 0) return null;
  if (isClean) return text;
  const kept: Record<string, unknown> = {};
  for (const key in parsed) {
    const type = members[key];
    if (type !== undefined && hasKnownType(parsed[key], type)) kept[key] = parsed[key];
  }
  return JSON.stringify(kept);
}

function member(key: string, json: string | null): string {
  return json === null || json === 'null' ? '' : `,"${key}":${json}`;
}

// Which rows carry the REPORTS_ADVANCED fields: every row (admin), or the rows of these merchants.
export type AdvancedFields = { kind: 'all' } | { kind: 'merchants'; clientIds: ReadonlySet<string> };

// Small caches keyed by the stored text: a report repeats the same merchants, statuses, brands and
// locations on row after row, so their JSON is written once. Bounded, in case a column is not as
// repetitive as expected.
const cacheLimit = 10_000;

function cached(cache: Map<string, string>, key: string, make: () => string): string {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const made = make();
  if (cache.size < cacheLimit) cache.set(key, made);
  return made;
}

// Writes the rows of one answer (a page, a stream, a search).
export class ReportRowWriter {
  readonly #advanced: AdvancedFields;
  // Per merchant: its client member and the row's last two items.
  readonly #merchants = new Map<string, { client: string; names: string; isAdvanced: boolean }>();
  readonly #texts = new Map<string, string>();
  readonly #subLocations = new Map<string, string>();
  // Returning customers repeat their meta.
  readonly #metas = new Map<string, string>();

  constructor(advanced: AdvancedFields) {
    this.#advanced = advanced;
  }

  #merchant(row: ReportRowFields) {
    const clientId = field(row, F.clientId);
    let merchant = this.#merchants.get(clientId);
    if (merchant === undefined) {
      const parentName = textJson(row, F.parentName);
      merchant = {
        client: `"client_id":"${clientId}","client":{"id":"${clientId}","merchant":{"name":${textJson(
          row,
          F.merchantName,
        )},"parent_name":${parentName}}}`,
        names: `${textJson(row, F.merchantDbaName)},${parentName}`,
        isAdvanced: this.#advanced.kind === 'all' || this.#advanced.clientIds.has(clientId),
      };
      this.#merchants.set(clientId, merchant);
    }
    return merchant;
  }

  // Statuses, brands, card types, actions: few distinct values.
  #text(row: ReportRowFields, index: number): string {
    const stored = field(row, index);
    if (stored === '') return 'null';
    return cached(this.#texts, stored, () => textJson(row, index));
  }

  #meta(row: ReportRowFields): string | null {
    const stored = field(row, F.meta);
    if (stored === '') return null;
    return cached(this.#metas, stored, () => knownMembersJson(stored, metaMembers) ?? 'null');
  }

  #subLocation(row: ReportRowFields): string | null {
    const stored = field(row, F.subLocation);
    if (stored === '') return null;
    return cached(this.#subLocations, stored, () => knownMembersJson(stored, subLocationMembers) ?? 'null');
  }

  // Spec 3 §3 Transaction (contracts transactionSchema). Without REPORTS_ADVANCED on the row's
  // merchant the fee and surcharge are left out (spec 3 §6), and with them the net amount the
  // browser derives.
  #transaction(row: ReportRowFields, createdAt: string, merchant: { client: string; isAdvanced: boolean }) {
    const settlementAmount = field(row, F.settlementAmountCents);
    const settlementDate = field(row, F.settlementDate);
    const masked = field(row, F.maskedAccountNumber);
    const apiMembers =
      member('token', textJson(row, F.token)) +
      member('meta', this.#meta(row)) +
      member('original_transaction_id', plainJson(row, F.originalTransactionId)) +
      member('sub_location', this.#subLocation(row));
    const advanced = merchant.isAdvanced
      ? `,"fee":${money(field(row, F.feeCents))},"surcharge":${money(field(row, F.surchargeCents))}`
      : '';
    const settlement =
      settlementAmount === '' || settlementDate === ''
        ? 'null'
        : `{"amount":${money(settlementAmount)},"date":"${settlementDate}"}`;
    const paymentStatus = field(row, F.paymentStatus);
    return (
      `{"id":"${field(row, F.id)}","amount":${money(field(row, F.amountCents))}${advanced},` +
      `"type":"${field(row, F.type)}","action":${this.#text(row, F.action)},` +
      `"action_mode":${plainJson(row, F.actionMode)},` +
      `"payment_status":${paymentStatus === '' ? 'null' : paymentStatus},` +
      `"request_status":${field(row, F.requestStatus)},"status":${this.#text(row, F.status)},` +
      `"created_at":"${createdAt}",${merchant.client},` +
      `"card_brand":${this.#text(row, F.cardBrand)},"card_type":${this.#text(row, F.cardType)},` +
      `"pro_pay_status":${plainJson(row, F.proPayStatus)},"settlement":${settlement},` +
      `"data":{"api_response":{${apiMembers.slice(1)}},"third_party_api_response":${
        masked.charCodeAt(0) === 34 /* a JSON string */ ? `{"AUTH_MASKED_ACCOUNT_NBR":${masked}}` : 'null'
      }}}`
    );
  }

  // Spec 3 §3 Report row: [created time, transaction, merchant DBA name, parent name].
  reportRow(row: ReportRowFields): string {
    const createdAt = isoInstant(field(row, F.createdAt));
    const merchant = this.#merchant(row);
    return `["${createdAt}",${this.#transaction(row, createdAt, merchant)},${merchant.names}]`;
  }

  // Spec 3 §3 Search result row (contracts searchRowSchema).
  searchRow(row: ReportRowFields, facts: SearchRowFacts): string {
    const createdAt = isoInstant(field(row, F.createdAt));
    const merchant = this.#merchant(row);
    const account = lastFourDigitsOfTransaction({
      token: freeText(row, F.token),
      maskedAccountNumber: maskedAccountNumberOf(row),
    });
    return (
      `{"id":"${field(row, F.id)}","date_time":"${createdAt}",` +
      `"customer":${JSON.stringify(customerOf(facts))},"transaction_type":"${field(row, F.type)}",` +
      `"payment_type":${JSON.stringify(paymentTypeOf(facts, freeText(row, F.cardBrand)))},` +
      `"account":${JSON.stringify(account)},"amount":${money(field(row, F.amountCents))},` +
      `"status":${JSON.stringify(freeText(row, F.status) ?? '')},` +
      `"transaction_details":${this.#transaction(row, createdAt, merchant)}}`
    );
  }
}

// What a search row adds to the report's fields, as plain text (null when absent).
export type SearchRowFacts = {
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
  paymentMethod: string | null;
};

// The customer's name, else the e-mail; '' when the payment names nobody.
function customerOf(facts: SearchRowFacts): string {
  const name = `${(facts.customerFirstName ?? '').trim()} ${(facts.customerLastName ?? '').trim()}`.trim();
  return name !== '' ? name : (facts.customerEmail ?? '').trim();
}

// Card brand, 'ACH', 'Cash' or 'Crypto'.
function paymentTypeOf(facts: SearchRowFacts, cardBrand: string | null): string {
  switch (facts.paymentMethod) {
    case 'card':
      return cardBrand ?? 'Card';
    case 'check':
      return 'ACH';
    case 'cash':
      return 'Cash';
    case 'crypto':
      return 'Crypto';
    default:
      return cardBrand ?? '';
  }
}

function maskedAccountNumberOf(row: ReportRowFields): string | null {
  const masked = field(row, F.maskedAccountNumber);
  if (masked.charCodeAt(0) !== 34) return null;
  const decoded: unknown = JSON.parse(masked);
  return typeof decoded === 'string' ? decoded : null;
}
