import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { lastFourDigitsOfTransaction } from '@portico/contracts/transactions/last-four';
import { type AdvancedFields, seesAdvancedFieldsOf } from '../../access/report-access';
import { reportLineFields, reportStreamLineFields } from './report-line-sql';

// The server half of a report row: the database sends the stored values (report-line-sql.ts) and
// this writes the row's JSON text, formatting money with the contracts helper and leaving out the
// REPORTS_ADVANCED fields where the caller may not see them. One writer serves the paged answer, the
// JSON fallback, the NDJSON stream and the search, so they cannot disagree; the tests parse its
// output with the contracts schemas (reportRowSchema, searchRowSchema) and hold its bytes.
//
// The stream runs it for every row, so it reads the fields in place (positions of the separators)
// rather than splitting the line, and builds each row as one template.

const fieldSeparator = '\u001f';
const fieldCount = reportLineFields.length;
const streamFieldCount = reportStreamLineFields.length;

// One row as the database sent it: the fields of report-line-sql.ts joined by U+001F (Load All's
// lines stop before the merchant's names).
export type ReportRowFields = string;

// Checks that a line holds every field; the writer reads them where they are.
export function splitReportLine(line: string): ReportRowFields {
  let fields = 1;
  for (let at = line.indexOf(fieldSeparator); at !== -1; at = line.indexOf(fieldSeparator, at + 1)) fields++;
  if (fields !== fieldCount) throw new Error(`A report row has ${fields} fields, not ${fieldCount}`);
  return line;
}

// The transaction id of a line (its second field).
export function reportRowIdOf(line: ReportRowFields): string {
  const start = line.indexOf(fieldSeparator) + 1;
  return line.slice(start, line.indexOf(fieldSeparator, start));
}

// Whether some transaction names the line's as its original (its third field, 'true' or 'false'):
// only such rows can have voids and refunds to read.
export function reportRowHasFollowUps(line: ReportRowFields): boolean {
  const start = line.indexOf(fieldSeparator, line.indexOf(fieldSeparator) + 1) + 1;
  return line.charCodeAt(start) === 116 /* t */;
}

// The creation time of a line (its first field): UTC text, as the database wrote it.
export function reportRowCreatedAtOf(line: ReportRowFields): string {
  return line.slice(0, line.indexOf(fieldSeparator));
}

// Positions in reportLineFields, spelled out: the writer runs for every row of a stream.
export const F = {
  createdAt: 0,
  id: 1,
  hasFollowUps: 2,
  clientId: 3,
  amountCents: 4,
  feeCents: 5,
  surchargeCents: 6,
  type: 7,
  actionMode: 8,
  paymentStatus: 9,
  requestStatus: 10,
  proPayStatus: 11,
  settlementAmountCents: 12,
  settlementDate: 13,
  originalTransactionId: 14,
  action: 15,
  status: 16,
  cardBrand: 17,
  cardType: 18,
  token: 19,
  maskedAccountNumber: 20,
  meta: 21,
  subLocation: 22,
  isTest: 23,
  isDisputed: 24,
  merchantName: 25,
  merchantDbaName: 26,
  parentName: 27,
} as const;

// The characters JSON.stringify writes as escapes (U+001F aside: it separates the fields).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const jsonEscapes = /["\\\u0000-\u001e\ud800-\udfff]/;

// The fields of one line: where each starts, and the line. Filled by read(), one row at a time.
export class LineFields {
  line = '';
  // starts[i]: first character of field i; starts[i + 1] - 1: just past its end.
  readonly starts = new Int32Array(fieldCount + 1);

  // Whether the line carries the merchant's names (Load All's lines do not).
  hasNames = false;
  // Whether the row's free-text fields (action to token) hold nothing JSON must escape (quotes,
  // backslashes, control characters, surrogates): then each is written between quotes as it is.
  // One test per row instead of a JSON.stringify per field, made when a field is first written as JSON.
  #isPlainText: boolean | undefined;

  read(line: string): void {
    const starts = this.starts;
    let count = 1;
    let at = line.indexOf(fieldSeparator);
    while (at !== -1 && count < fieldCount) {
      starts[count++] = at + 1;
      at = line.indexOf(fieldSeparator, at + 1);
    }
    if ((count !== fieldCount && count !== streamFieldCount) || at !== -1) {
      throw new Error(`A report row has ${line.split(fieldSeparator).length} fields, not ${fieldCount}`);
    }
    starts[count] = line.length + 1;
    this.hasNames = count === fieldCount;
    this.line = line;
    this.#isPlainText = undefined;
  }

  #plainText(): boolean {
    // U+001F is the separator; a field holding one is JSON-encoded, so has a backslash.
    this.#isPlainText ??= !jsonEscapes.test(
      this.line.slice(this.starts[F.action], this.starts[F.maskedAccountNumber]),
    );
    return this.#isPlainText;
  }

  get(index: number): string {
    return this.line.slice(this.starts[index], (this.starts[index + 1] ?? 0) - 1);
  }

  isEmpty(index: number): boolean {
    return this.starts[index] === (this.starts[index + 1] ?? 0) - 1;
  }

  // The first character's code (NaN when empty).
  firstCode(index: number): number {
    return this.isEmpty(index) ? Number.NaN : this.line.charCodeAt(this.starts[index] ?? 0);
  }

  // A free-text field: '' null, '=' then the text, or 'J' then its JSON encoding.
  freeText(index: number): string | null {
    const first = this.firstCode(index);
    if (Number.isNaN(first)) return null;
    const text = this.line.slice((this.starts[index] ?? 0) + 1, (this.starts[index + 1] ?? 0) - 1);
    if (first === 61 /* = */) return text;
    const decoded: unknown = JSON.parse(text);
    if (typeof decoded !== 'string') throw new Error('A report text field is not a string');
    return decoded;
  }

  // The same as JSON text, or null.
  textJson(index: number): string {
    const first = this.firstCode(index);
    if (Number.isNaN(first)) return 'null';
    // 'J' fields hold the JSON text already: decoded and encoded again, it comes out the same.
    if (first !== 61 /* = */) return JSON.stringify(this.freeText(index));
    const text = this.line.slice((this.starts[index] ?? 0) + 1, (this.starts[index + 1] ?? 0) - 1);
    return index <= F.token && this.#plainText() ? `"${text}"` : JSON.stringify(text);
  }
}

function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let index = at; index < at + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) throw new Error(`Not a UTC timestamp: ${text}`);
    value = value * 10 + digit;
  }
  return value;
}

// '2025-06-15 08:30:00.123456' (UTC) -> its epoch milliseconds, the fraction cut to milliseconds as
// isoInstant cuts it; read digit by digit, as an export reads one per row.
export function epochMsOfUtcText(text: string): number {
  if (text.length < 19 || text.charCodeAt(10) !== 32) throw new Error(`Not a UTC timestamp: ${text}`);
  const fractionDigits = Math.min(3, Math.max(0, text.length - 20));
  const fraction = fractionDigits === 0 ? 0 : digitsAt(text, 20, fractionDigits) * 10 ** (3 - fractionDigits);
  const ms = Date.UTC(
    digitsAt(text, 0, 4),
    digitsAt(text, 5, 2) - 1,
    digitsAt(text, 8, 2),
    digitsAt(text, 11, 2),
    digitsAt(text, 14, 2),
    digitsAt(text, 17, 2),
    fraction,
  );
  if (Number.isNaN(ms)) throw new Error(`Not a UTC timestamp: ${text}`);
  return ms;
}

// '2025-06-15 08:30:00.123456' (UTC) -> '2025-06-15T08:30:00.123Z'.
export function isoInstant(text: string): string {
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
  // A payment link's options (contracts payment-frame/link-options.ts): tip, opt-in, shipping
  // address, level 2 / level 3 data. Nested, so such a meta takes the parsing path.
  linkOptions: 'object',
};
const subLocationMembers: MemberTypes = { name: 'string', custom_fields: 'object' };

// Stored jsonb texts (as PostgreSQL writes them: '{"key": value, "key": value}') that hold known
// members only, each of its expected type, objects being flat ones of strings: the usual meta.
// Such a text is written as it is, which is what knownMembersJson answers for it; anything else
// goes to knownMembersJson, which decides by parsing. One regular expression is several times
// cheaper than parsing the text, and the stream meets one meta per row.
function onlyKnownMembersPattern(members: MemberTypes): RegExp {
  const text = '"(?:[^"\\\\]|\\\\.)*"';
  const names = (type: 'string' | 'object') =>
    Object.keys(members)
      .filter((name) => members[name] === type)
      .join('|');
  const member = `(?:"(?:${names('string')})": ${text}|"(?:${names('object')})": \\{(?:${text}: ${text}(?:, ${text}: ${text})*)?\\})`;
  return new RegExp(`^\\{${member}(?:, ${member})*\\}$`);
}
const metaPattern = onlyKnownMembersPattern(metaMembers);

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

// Small caches keyed by the stored text: a report repeats the same locations on row after row, and
// returning customers their meta. Bounded, in case a column is not as repetitive as expected.
const cacheLimit = 10_000;

function cached(cache: Map<string, string>, key: string, make: () => string): string {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const made = make();
  if (cache.size < cacheLimit) cache.set(key, made);
  return made;
}

type Merchant = { client: string; names: string; isAdvanced: boolean };

// A void or refund of a transaction, as stored (reporting.repository's undo queries): ids, the type,
// the amount in cents and the UTC timestamp text, as the row line carries them.
export type ReportUndo = {
  originalId: string;
  id: string;
  type: string;
  amountCents: string;
  createdAt: string;
};

// A merchant and its names as stored (null when unset).
export type ReportMerchant = {
  id: string;
  name: string | null;
  dbaName: string | null;
  parentName: string | null;
};

// Writes the rows of one answer (a page, a stream, a search).
export class ReportRowWriter {
  readonly #advanced: AdvancedFields;
  readonly #fields = new LineFields();
  // Per merchant: its client member and the row's last two items.
  readonly #merchants = new Map<string, Merchant>();
  readonly #subLocations = new Map<string, string>();
  readonly #metas = new Map<string, string>();
  // Per original transaction: the JSON items of its undone_by list, oldest first. A new map for each
  // batch, never a cleared one: once a long-lived map's table is in V8's old generation, clear()
  // makes its next tables there too, and the items of every batch then outlive minor collections.
  #undoes = new Map<string, string>();

  constructor(advanced: AdvancedFields) {
    this.#advanced = advanced;
  }

  // Load All's merchants, read before their rows (their lines leave the names out).
  addMerchants(merchants: readonly ReportMerchant[]): void {
    for (const { id, name, dbaName, parentName } of merchants) {
      this.#merchants.set(
        id,
        this.#merchantOf(id, JSON.stringify(name), JSON.stringify(dbaName), JSON.stringify(parentName)),
      );
    }
  }

  // The voids and refunds of the rows to come, in place of those given before (a stream gives each
  // batch's own); a row without any is written as before, byte for byte.
  setUndoes(undoes: readonly ReportUndo[]): void {
    this.#undoes = new Map();
    for (const undo of undoes) {
      const item =
        `{"id":"${undo.id}","type":"${undo.type}","amount":${money(undo.amountCents)},` +
        `"created_at":"${isoInstant(undo.createdAt)}"}`;
      const before = this.#undoes.get(undo.originalId);
      this.#undoes.set(undo.originalId, before === undefined ? item : `${before},${item}`);
    }
  }

  #undoneBy(id: string): string {
    const items = this.#undoes.get(id);
    return items === undefined ? '' : `,"undone_by":[${items}]`;
  }

  #merchantOf(clientId: string, name: string, dbaName: string, parentName: string): Merchant {
    return {
      client: `"client_id":"${clientId}","client":{"id":"${clientId}","merchant":{"name":${name},"parent_name":${parentName}}}`,
      names: `${dbaName},${parentName}`,
      isAdvanced: seesAdvancedFieldsOf(this.#advanced, clientId),
    };
  }

  #merchant(): Merchant {
    const row = this.#fields;
    const clientId = row.get(F.clientId);
    let merchant = this.#merchants.get(clientId);
    if (merchant === undefined) {
      if (!row.hasNames) throw new Error(`A report row of a merchant not read before: ${clientId}`);
      merchant = this.#merchantOf(
        clientId,
        row.textJson(F.merchantName),
        row.textJson(F.merchantDbaName),
        row.textJson(F.parentName),
      );
      this.#merchants.set(clientId, merchant);
    }
    return merchant;
  }

  // Most customers' meta has the shape the contracts schema reads, recognised without parsing it.
  // The member's JSON, or '' to leave it out.
  #meta(): string {
    const row = this.#fields;
    if (row.firstCode(F.meta) !== 123 /* { */) return '';
    const stored = row.get(F.meta);
    if (metaPattern.test(stored)) return `,"meta":${stored}`;
    const json = cached(this.#metas, stored, () => knownMembersJson(stored, metaMembers) ?? 'null');
    return json === 'null' ? '' : `,"meta":${json}`;
  }

  #subLocation(): string {
    const row = this.#fields;
    if (row.isEmpty(F.subLocation)) return '';
    const stored = row.get(F.subLocation);
    const json = cached(
      this.#subLocations,
      stored,
      () => knownMembersJson(stored, subLocationMembers) ?? 'null',
    );
    return json === 'null' ? '' : `,"sub_location":${json}`;
  }

  // The row's transaction (contracts transactionSchema). Without REPORTS_ADVANCED on the row's
  // merchant the fee and surcharge are left out, and with them the net amount the
  // browser derives.
  #transaction(createdAt: string, merchant: Merchant): string {
    const row = this.#fields;
    const apiMembers =
      (row.isEmpty(F.token) ? '' : `,"token":${row.textJson(F.token)}`) +
      this.#meta() +
      (row.isEmpty(F.originalTransactionId)
        ? ''
        : `,"original_transaction_id":"${row.get(F.originalTransactionId)}"`) +
      this.#subLocation();
    const advanced = merchant.isAdvanced
      ? `,"fee":${money(row.get(F.feeCents))},"surcharge":${money(row.get(F.surchargeCents))}`
      : '';
    const settlement =
      row.isEmpty(F.settlementAmountCents) || row.isEmpty(F.settlementDate)
        ? 'null'
        : `{"amount":${money(row.get(F.settlementAmountCents))},"date":"${row.get(F.settlementDate)}"}`;
    return (
      `{"id":"${row.get(F.id)}","amount":${money(row.get(F.amountCents))}${advanced},` +
      `"type":"${row.get(F.type)}","action":${row.textJson(F.action)},` +
      `"action_mode":${row.isEmpty(F.actionMode) ? 'null' : `"${row.get(F.actionMode)}"`},` +
      `"payment_status":${row.isEmpty(F.paymentStatus) ? 'null' : row.get(F.paymentStatus)},` +
      `"request_status":${row.get(F.requestStatus)},"status":${row.textJson(F.status)},` +
      `"created_at":"${createdAt}",${merchant.client},` +
      `"card_brand":${row.textJson(F.cardBrand)},"card_type":${row.textJson(F.cardType)},` +
      `"pro_pay_status":${row.isEmpty(F.proPayStatus) ? 'null' : `"${row.get(F.proPayStatus)}"`},` +
      `"settlement":${settlement}${this.#undoes.size === 0 ? '' : this.#undoneBy(row.get(F.id))},` +
      // A live payment's row is written as before, byte for byte.
      `${row.firstCode(F.isTest) === 116 /* t */ ? '"is_test":true,' : ''}` +
      `${row.firstCode(F.isDisputed) === 116 /* t */ ? '"is_disputed":true,' : ''}` +
      `"data":{"api_response":{${apiMembers.slice(1)}},` +
      `"third_party_api_response":${
        row.firstCode(F.maskedAccountNumber) === 34 /* a JSON string */
          ? `{"AUTH_MASKED_ACCOUNT_NBR":${row.get(F.maskedAccountNumber)}}`
          : 'null'
      }}}`
    );
  }

  // A report row: [created time, transaction, merchant DBA name, parent name].
  reportRow(line: ReportRowFields): string {
    this.#fields.read(line);
    const createdAt = isoInstant(this.#fields.get(F.createdAt));
    const merchant = this.#merchant();
    return `["${createdAt}",${this.#transaction(createdAt, merchant)},${merchant.names}]`;
  }

  // A search result row (contracts searchRowSchema).
  searchRow(line: ReportRowFields, facts: SearchRowFacts): string {
    const row = this.#fields;
    row.read(line);
    const createdAt = isoInstant(row.get(F.createdAt));
    const merchant = this.#merchant();
    const account = lastFourDigitsOfTransaction({
      token: row.freeText(F.token),
      maskedAccountNumber: maskedAccountNumberOf(row),
    });
    return (
      `{"id":"${row.get(F.id)}","date_time":"${createdAt}",` +
      `"customer":${JSON.stringify(customerOf(facts))},"transaction_type":"${row.get(F.type)}",` +
      `"payment_type":${JSON.stringify(paymentTypeOf(facts, row.freeText(F.cardBrand)))},` +
      `"account":${JSON.stringify(account)},"amount":${money(row.get(F.amountCents))},` +
      `"status":${JSON.stringify(row.freeText(F.status) ?? '')},` +
      `"transaction_details":${this.#transaction(createdAt, merchant)}}`
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
export function customerOf(facts: SearchRowFacts): string {
  const name = `${(facts.customerFirstName ?? '').trim()} ${(facts.customerLastName ?? '').trim()}`.trim();
  return name !== '' ? name : (facts.customerEmail ?? '').trim();
}

// Card brand, 'ACH', 'Cash' or 'Crypto'.
export function paymentTypeOf(facts: SearchRowFacts, cardBrand: string | null): string {
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

function maskedAccountNumberOf(row: LineFields): string | null {
  if (row.firstCode(F.maskedAccountNumber) !== 34) return null;
  const decoded: unknown = JSON.parse(row.get(F.maskedAccountNumber));
  return typeof decoded === 'string' ? decoded : null;
}
