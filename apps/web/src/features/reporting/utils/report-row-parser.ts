import type { ReportRow } from '@portico/contracts/transactions/report';
import type { Transaction } from '@portico/contracts/transactions/transaction';
import {
  type ActionMode,
  actionModes,
  type ProPayStatus,
  proPayStatuses,
  type TransactionType,
  transactionTypes,
} from '@portico/contracts/transactions/transaction-enums';
import { z } from 'zod';

// Load All reads up to millions of rows. zod compiles its fast path with new Function, which the
// portal's CSP (script-src 'self') forbids, so in the browser reportRowSchema costs ~25 µs a row:
// more than reading and JSON-parsing the line. This reads the same shape by hand; a test holds it to
// accept, refuse and output exactly what reportRowSchema does.
//
// A row holding exactly the schema's keys (what the server sends) is kept as JSON.parse made it: the
// checks are the same, but nothing is copied, which halves what the browser allocates per row and
// so the garbage collection of a long load. Anything else is copied member by member, dropping the
// keys the schema does not know.

const uuidPattern = z.regexes.uuid();
const dateTimePattern = z.regexes.datetime({});
const datePattern = z.regexes.date;
// contracts money.ts moneyOutput.
const moneyPattern = /^-?\d+\.\d{2}$/;

const transactionTypeSet: ReadonlySet<string> = new Set(transactionTypes);
const actionModeSet: ReadonlySet<string> = new Set(actionModes);
const proPayStatusSet: ReadonlySet<string> = new Set(proPayStatuses);

type Fields = { readonly [key: string]: unknown };

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);
const isDateTime = (value: unknown): value is string =>
  typeof value === 'string' && dateTimePattern.test(value);
const isMoney = (value: unknown): value is string => typeof value === 'string' && moneyPattern.test(value);
const isTransactionType = (value: unknown): value is TransactionType =>
  typeof value === 'string' && transactionTypeSet.has(value);
const isActionMode = (value: unknown): value is ActionMode =>
  typeof value === 'string' && actionModeSet.has(value);
const isProPayStatus = (value: unknown): value is ProPayStatus =>
  typeof value === 'string' && proPayStatusSet.has(value);

const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isOptionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';

// How many own keys an object has (JSON.parse makes no inherited ones).
function keyCount(value: Fields): number {
  let count = 0;
  for (const _key in value) count += 1;
  return count;
}

// How many of these values are present (the optional members given).
function presentCount(...values: readonly unknown[]): number {
  let count = 0;
  for (const value of values) if (value !== undefined) count += 1;
  return count;
}

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return isFields(value) ? { ...value } : undefined;
}

type Meta = NonNullable<NonNullable<Transaction['data']['api_response']>['meta']>;

function readMeta(value: Fields): Meta | undefined {
  const { firstName, lastName, email, customFields } = value;
  if (!isOptionalString(firstName) || !isOptionalString(lastName) || !isOptionalString(email))
    return undefined;
  const meta: Meta = {};
  if (firstName !== undefined) meta.firstName = firstName;
  if (lastName !== undefined) meta.lastName = lastName;
  if (email !== undefined) meta.email = email;
  if (customFields !== undefined) {
    const fields = readRecord(customFields);
    if (!fields) return undefined;
    meta.customFields = fields;
  }
  return meta;
}

type SubLocation = NonNullable<NonNullable<Transaction['data']['api_response']>['sub_location']>;

function readSubLocation(value: Fields): SubLocation | undefined {
  const { name, custom_fields } = value;
  if (!isOptionalString(name)) return undefined;
  const location: SubLocation = {};
  if (name !== undefined) location.name = name;
  if (custom_fields !== undefined) {
    const fields = readRecord(custom_fields);
    if (!fields) return undefined;
    location.custom_fields = fields;
  }
  return location;
}

type ApiResponse = NonNullable<Transaction['data']['api_response']>;

function readApiResponse(value: Fields): ApiResponse | undefined {
  const { token, meta, original_transaction, original_transaction_id, sub_location } = value;
  if (!isOptionalString(token) || !isOptionalString(original_transaction_id)) return undefined;
  const answer: ApiResponse = {};
  if (token !== undefined) answer.token = token;
  if (meta !== undefined) {
    const parsed = isFields(meta) ? readMeta(meta) : undefined;
    if (!parsed) return undefined;
    answer.meta = parsed;
  }
  if (original_transaction !== undefined) answer.original_transaction = original_transaction;
  if (original_transaction_id !== undefined) answer.original_transaction_id = original_transaction_id;
  if (sub_location !== undefined) {
    const parsed = isFields(sub_location) ? readSubLocation(sub_location) : undefined;
    if (!parsed) return undefined;
    answer.sub_location = parsed;
  }
  return answer;
}

function readData(value: unknown): Transaction['data'] | undefined {
  if (!isFields(value)) return undefined;
  const { api_response, third_party_api_response } = value;
  let apiResponse: ApiResponse | null = null;
  if (api_response !== null) {
    const parsed = isFields(api_response) ? readApiResponse(api_response) : undefined;
    if (!parsed) return undefined;
    apiResponse = parsed;
  }
  let thirdParty: { AUTH_MASKED_ACCOUNT_NBR?: string } | null = null;
  if (third_party_api_response !== null) {
    if (!isFields(third_party_api_response)) return undefined;
    const masked = third_party_api_response.AUTH_MASKED_ACCOUNT_NBR;
    if (!isOptionalString(masked)) return undefined;
    thirdParty = masked === undefined ? {} : { AUTH_MASKED_ACCOUNT_NBR: masked };
  }
  return { api_response: apiResponse, third_party_api_response: thirdParty };
}

function readClient(value: unknown): Transaction['client'] | undefined {
  if (!isFields(value) || !isUuid(value.id) || !isFields(value.merchant)) return undefined;
  const { name, parent_name } = value.merchant;
  if (!isString(name) || !isStringOrNull(parent_name)) return undefined;
  return { id: value.id, merchant: { name, parent_name } };
}

function readSettlement(value: unknown): Transaction['settlement'] | undefined {
  if (value === null) return null;
  if (!isFields(value) || !isMoney(value.amount)) return undefined;
  const { date } = value;
  if (typeof date !== 'string' || !datePattern.test(date)) return undefined;
  return { amount: value.amount, date };
}

type Undo = NonNullable<Transaction['undone_by']>[number];

// transaction.undone_by: at least one void or refund, each with exactly its four members.
function isExactUndo(value: unknown): value is Undo {
  return (
    isFields(value) &&
    isUuid(value.id) &&
    isTransactionType(value.type) &&
    isMoney(value.amount) &&
    isDateTime(value.created_at) &&
    keyCount(value) === 4
  );
}

function isExactUndoneBy(value: unknown): value is Transaction['undone_by'] {
  if (value === undefined) return true;
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (!isExactUndo(item)) return false;
  return true;
}

function readUndoneBy(value: unknown): Transaction['undone_by'] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const undoes: Undo[] = [];
  for (const item of value) {
    if (!isFields(item)) return null;
    const { id, type, amount, created_at } = item;
    if (!isUuid(id) || !isTransactionType(type) || !isMoney(amount) || !isDateTime(created_at)) return null;
    undoes.push({ id, type, amount, created_at });
  }
  return undoes;
}

function isPaymentStatus(value: unknown): value is Transaction['payment_status'] {
  return value === null || typeof value === 'boolean' || value === 'true' || value === 'false';
}

// The exact shapes: the checks of the readers below, and no key the schema does not know. What
// they accept is kept as it is.
function isExactMeta(value: unknown): value is Meta {
  if (!isFields(value)) return false;
  const { firstName, lastName, email, customFields } = value;
  return (
    isOptionalString(firstName) &&
    isOptionalString(lastName) &&
    isOptionalString(email) &&
    (customFields === undefined || isFields(customFields)) &&
    keyCount(value) === presentCount(firstName, lastName, email, customFields)
  );
}

function isExactSubLocation(value: unknown): value is SubLocation {
  if (!isFields(value)) return false;
  const { name, custom_fields } = value;
  return (
    isOptionalString(name) &&
    (custom_fields === undefined || isFields(custom_fields)) &&
    keyCount(value) === presentCount(name, custom_fields)
  );
}

function isExactApiResponse(value: unknown): value is ApiResponse {
  if (!isFields(value)) return false;
  const { token, meta, original_transaction, original_transaction_id, sub_location } = value;
  return (
    isOptionalString(token) &&
    isOptionalString(original_transaction_id) &&
    (meta === undefined || isExactMeta(meta)) &&
    (sub_location === undefined || isExactSubLocation(sub_location)) &&
    keyCount(value) === presentCount(token, meta, original_transaction, original_transaction_id, sub_location)
  );
}

function isExactData(value: unknown): value is Transaction['data'] {
  if (!isFields(value)) return false;
  const { api_response, third_party_api_response: thirdParty } = value;
  if (api_response !== null && !isExactApiResponse(api_response)) return false;
  if (thirdParty !== null) {
    if (!isFields(thirdParty)) return false;
    const masked = thirdParty.AUTH_MASKED_ACCOUNT_NBR;
    if (!isOptionalString(masked) || keyCount(thirdParty) !== presentCount(masked)) return false;
  }
  return keyCount(value) === 2;
}

function isExactMerchant(value: unknown): value is NonNullable<Transaction['client']>['merchant'] {
  return (
    isFields(value) && isString(value.name) && isStringOrNull(value.parent_name) && keyCount(value) === 2
  );
}

function isExactSettlement(value: unknown): value is Transaction['settlement'] {
  if (value === null) return true;
  if (!isFields(value) || !isMoney(value.amount)) return false;
  const { date } = value;
  return typeof date === 'string' && datePattern.test(date) && keyCount(value) === 2;
}

// The 15 members every transaction has; fee, surcharge, client, undone_by and is_test may be left out.
const requiredTransactionKeys = 15;

function isExactTransaction(value: unknown): value is Transaction {
  if (!isFields(value)) return false;
  const { id, amount, fee, surcharge, type, action, action_mode, payment_status, request_status } = value;
  const { status, created_at, client_id, client, card_brand, card_type, pro_pay_status } = value;
  if (!isUuid(id) || !isMoney(amount) || !isTransactionType(type) || !isUuid(client_id)) return false;
  if ((fee !== undefined && !isMoney(fee)) || (surcharge !== undefined && !isMoney(surcharge))) return false;
  if (!isStringOrNull(action) || !(action_mode === null || isActionMode(action_mode))) return false;
  if (!isPaymentStatus(payment_status) || typeof request_status !== 'boolean') return false;
  if (!isStringOrNull(status) || !isDateTime(created_at)) return false;
  if (!isStringOrNull(card_brand) || !isStringOrNull(card_type)) return false;
  if (!(pro_pay_status === null || isProPayStatus(pro_pay_status))) return false;
  if (client !== undefined) {
    // The same id as client_id, already checked, is the usual case.
    if (!isFields(client) || !(client.id === client_id || isUuid(client.id))) return false;
    if (!isExactMerchant(client.merchant) || keyCount(client) !== 2) return false;
  }
  const { undone_by, is_test } = value;
  return (
    isExactSettlement(value.settlement) &&
    isExactData(value.data) &&
    isExactUndoneBy(undone_by) &&
    (is_test === undefined || is_test === true) &&
    keyCount(value) === requiredTransactionKeys + presentCount(fee, surcharge, client, undone_by, is_test)
  );
}

export function readTransaction(value: unknown): Transaction | undefined {
  if (isExactTransaction(value)) return value;
  if (!isFields(value)) return undefined;
  const { id, amount, fee, surcharge, type, action, action_mode, payment_status, request_status } = value;
  const { status, created_at, client_id, client, card_brand, card_type, pro_pay_status } = value;
  if (!isUuid(id) || !isMoney(amount) || !isTransactionType(type) || !isUuid(client_id)) return undefined;
  if ((fee !== undefined && !isMoney(fee)) || (surcharge !== undefined && !isMoney(surcharge)))
    return undefined;
  if (!isStringOrNull(action) || !(action_mode === null || isActionMode(action_mode))) return undefined;
  if (!isPaymentStatus(payment_status) || typeof request_status !== 'boolean') return undefined;
  if (!isStringOrNull(status) || !isDateTime(created_at)) return undefined;
  if (!isStringOrNull(card_brand) || !isStringOrNull(card_type)) return undefined;
  if (!(pro_pay_status === null || isProPayStatus(pro_pay_status))) return undefined;
  const settlement = readSettlement(value.settlement);
  const data = readData(value.data);
  if (settlement === undefined || data === undefined) return undefined;
  const transaction: Transaction = {
    id,
    amount,
    type,
    action,
    action_mode,
    payment_status,
    request_status,
    status,
    created_at,
    client_id,
    card_brand,
    card_type,
    pro_pay_status,
    settlement,
    data,
  };
  if (fee !== undefined) transaction.fee = fee;
  if (surcharge !== undefined) transaction.surcharge = surcharge;
  // Only a test payment carries is_test, always true.
  if (value.is_test === true) transaction.is_test = true;
  else if (value.is_test !== undefined) return undefined;
  if (value.undone_by !== undefined) {
    const undoneBy = readUndoneBy(value.undone_by);
    if (!undoneBy) return undefined;
    transaction.undone_by = undoneBy;
  }
  if (client !== undefined) {
    const parsed = readClient(client);
    if (!parsed) return undefined;
    transaction.client = parsed;
  }
  return transaction;
}

// contracts report.ts reportRowSchema: [created time, transaction, merchant DBA name, parent name].
function isExactReportRow(value: unknown[]): value is ReportRow {
  const [createdAt, transaction, dbaName, parentName] = value;
  return (
    value.length === 4 &&
    isDateTime(createdAt) &&
    isStringOrNull(dbaName) &&
    isStringOrNull(parentName) &&
    isExactTransaction(transaction)
  );
}

export function readReportRow(value: unknown): ReportRow | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  if (isExactReportRow(value)) return value;
  const [createdAt, rawTransaction, dbaName, parentName]: unknown[] = value;
  if (!isDateTime(createdAt) || !isStringOrNull(dbaName) || !isStringOrNull(parentName)) return undefined;
  const transaction = readTransaction(rawTransaction);
  return transaction ? [createdAt, transaction, dbaName, parentName] : undefined;
}

// contracts report.ts reportPageResponse: the paged answer, and Load All's JSON fallback.
export function readReportPage(value: unknown): { message: ReportRow[]; total: number } | undefined {
  if (!isFields(value) || value.status !== true || !Array.isArray(value.message)) return undefined;
  const { total } = value;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) return undefined;
  const rows: ReportRow[] = [];
  for (const item of value.message) {
    const row = readReportRow(item);
    if (!row) return undefined;
    rows.push(row);
  }
  return { message: rows, total };
}
