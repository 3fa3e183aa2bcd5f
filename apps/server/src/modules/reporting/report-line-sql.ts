// The SQL half of a report row (report-row.ts writes the JSON). The database sends each row as one
// text value, its fields joined by U+001F: one value to decode per row instead of twenty-five, which
// is what lets the stream keep pace with COPY. The fields are the values as stored, in their plain
// text form, so the database does no more work than COPY would:
// - ids, amounts, enums, booleans and dates: their text ('' for null); these cannot hold U+001F;
// - free text: '' for null, '=' and the text, or, when the text holds U+001F, 'J' and its JSON
//   encoding (to_json escapes it), so the separator never occurs inside a field;
// - jsonb: its text ('' for null), in which PostgreSQL escapes every control character.
// Timestamps and dates rely on the default DateStyle (ISO).
//
// The merchant's names come last. Load All leaves them out (reportStreamLineSql): it reads every
// merchant of the scope once, before the rows, instead of joining clients twice per row.

export const reportLineFields = [
  'created_at',
  'id',
  'has_follow_ups',
  'client_id',
  'amount_cents',
  'fee_cents',
  'surcharge_cents',
  'type',
  'action_mode',
  'payment_status',
  'request_status',
  'pro_pay_status',
  'settlement_amount_cents',
  'settlement_date',
  'original_transaction_id',
  'action',
  'status',
  'card_brand',
  'card_type',
  'token',
  'masked_account_number',
  'meta',
  'sub_location',
  'is_test',
  'is_disputed',
  'merchant_name',
  'merchant_dba_name',
  'parent_name',
] as const;
export type ReportLineField = (typeof reportLineFields)[number];

const plain = (expression: string) => `coalesce(${expression}::text, '')`;
const freeText = (column: string) =>
  `case when ${column} is null then '' when strpos(${column}, E'\\x1f') > 0 then 'J' || to_json(${column})::text else '=' || ${column} end`;

// t: the transaction, m: its merchant, p: the merchant's parent.
const fieldSql: Record<ReportLineField, string> = {
  // UTC, microseconds: '2025-06-15 08:30:00.123456' (no fraction when it is zero).
  created_at: `(t.created_at at time zone 'UTC')::text`,
  id: 't.id::text',
  // 'true' or 'false', read beside the id: whether to look up the row's voids and refunds.
  has_follow_ups: 't.has_follow_ups::text',
  client_id: 't.client_id::text',
  amount_cents: 't.amount_cents::text',
  fee_cents: 't.fee_cents::text',
  surcharge_cents: 't.surcharge_cents::text',
  type: 't.type::text',
  action_mode: plain('t.action_mode'),
  payment_status: plain('t.payment_status'),
  request_status: 't.request_status::text',
  pro_pay_status: plain('t.pro_pay_status'),
  settlement_amount_cents: plain('t.settlement_amount_cents'),
  settlement_date: plain('t.settlement_date'),
  original_transaction_id: plain('t.original_transaction_id'),
  action: freeText('t.action'),
  status: freeText('t.status'),
  card_brand: freeText('t.card_brand'),
  card_type: freeText('t.card_type'),
  token: freeText('t.token'),
  merchant_name: freeText('m.name'),
  merchant_dba_name: freeText('m.dba_name'),
  parent_name: freeText('p.name'),
  masked_account_number: plain(`(t.third_party_api_response -> 'AUTH_MASKED_ACCOUNT_NBR')`),
  meta: plain('t.meta'),
  sub_location: plain(`(t.api_response -> 'sub_location')`),
  is_test: 't.is_test::text',
  is_disputed: 't.is_disputed::text',
};

const merchantFields: readonly ReportLineField[] = ['merchant_name', 'merchant_dba_name', 'parent_name'];
// The fields of a Load All line: all but the merchant's names.
export const reportStreamLineFields = reportLineFields.filter((name) => !merchantFields.includes(name));

const lineSql = (fields: readonly ReportLineField[]) =>
  `concat_ws(E'\\x1f', ${fields.map((name) => fieldSql[name]).join(',\n  ')}) as line`;

// The select-list item: one text value named line.
export const reportLineSql = lineSql(reportLineFields);
// The same without the names, which Load All reads once per merchant: the line reads t only.
export const reportStreamLineSql = lineSql(reportStreamLineFields);
