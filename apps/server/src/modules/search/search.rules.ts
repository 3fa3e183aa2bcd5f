import {
  type ApplicationStatus,
  applicationStatuses,
  applicationStatusLabel,
} from '@portico/contracts/enrollment/enroll';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import type { GlobalSearchHit, GlobalSearchTerms } from '@portico/contracts/search/global-search';
import { payoutStatusLabels } from '@portico/contracts/statements/statements';
import { transactionTypeSchema } from '@portico/contracts/transactions/transaction-enums';
import { transactionTypeLabel } from '@portico/contracts/transactions/transaction-labels';
import type {
  CustomerSearch,
  CustomerSearchRow,
  EnrollmentSearchRow,
  MerchantSearch,
  MerchantSearchRow,
  PayoutSearchRow,
  TransactionSearch,
  TransactionSearchRow,
  UserSearchRow,
} from './search.repository';

// What people read of each found row: names and words. An identifier (MID, tax id's last 4, card's
// last 4) shows only where the caller typed it, or where a card is named as people name it
// ("Visa ending 1117").

const dot = ' · ';

function joined(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(dot);
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part !== null && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

// How the typed text searches each kind.
export function merchantSearchOf(terms: GlobalSearchTerms): MerchantSearch {
  return {
    prefix: terms.lowered,
    exact: /\s/.test(terms.text) ? null : terms.text,
    taxIdLast4: terms.isFourDigits ? terms.text : null,
  };
}

export function transactionSearchOf(terms: GlobalSearchTerms): TransactionSearch {
  return {
    id: terms.uuid,
    last4WithAmount:
      terms.last4 !== null && terms.amountCents !== null
        ? { last4: terms.last4, amountCents: terms.amountCents }
        : null,
    // E-mails are stored lowercased; a text with a space is no e-mail.
    emailPrefix: terms.uuid === null && !/\s/.test(terms.text) ? terms.lowered : null,
  };
}

export function customerSearchOf(terms: GlobalSearchTerms): CustomerSearch {
  const words = terms.lowered.split(/\s+/);
  const [first, ...rest] = words;
  return {
    prefix: terms.lowered,
    firstAndLast: first !== undefined && rest.length > 0 ? { first, last: rest.join(' ') } : null,
  };
}

export function merchantHit(row: MerchantSearchRow, terms: GlobalSearchTerms): GlobalSearchHit {
  const title = row.dba_name ?? row.name;
  const typed =
    row.mid !== null && row.mid === terms.text
      ? `MID ${row.mid}`
      : row.tax_id_last4 !== null && row.tax_id_last4 === terms.text
        ? `Tax ID ending ${row.tax_id_last4}`
        : null;
  const otherName = row.legal_name ?? row.name;
  return {
    kind: 'merchants',
    id: row.id,
    title,
    detail: joined([
      row.level === 'Parent' ? 'Parent account' : 'Merchant',
      otherName === title ? null : otherName,
      typed,
    ]),
    merchant_id: null,
    occurred_at: null,
    page_search: null,
  };
}

function paymentWords(row: TransactionSearchRow): string | null {
  const method = row.payment_method;
  if (method === 'cash') return 'Cash';
  if (method === 'crypto') return 'Crypto';
  const name = method === 'check' ? 'Bank account' : (row.card_brand ?? 'Card');
  return row.last4 === null ? name : `${name} ending ${row.last4}`;
}

function transactionTypeWords(type: string): string {
  const parsed = transactionTypeSchema.safeParse(type);
  return parsed.success ? transactionTypeLabel(parsed.data) : 'Transaction';
}

export function transactionHit(row: TransactionSearchRow): GlobalSearchHit {
  return {
    kind: 'transactions',
    id: row.id,
    title: joined([formatCentsAsMoney(row.amount_cents), paymentWords(row)]),
    detail: joined([
      transactionTypeWords(row.type),
      row.status,
      fullName(row.customer_first_name, row.customer_last_name) ?? row.customer_email,
      row.merchant_name,
    ]),
    merchant_id: row.client_id,
    occurred_at: row.created_at,
    page_search: null,
  };
}

export function customerHit(row: CustomerSearchRow): GlobalSearchHit {
  const name = fullName(row.first_name, row.last_name);
  return {
    kind: 'customers',
    id: row.id,
    title: name ?? row.email ?? 'Customer',
    detail: joined([name === null ? null : row.email, row.merchant_name]),
    merchant_id: row.client_id,
    occurred_at: null,
    // The vault page finds the customer again by e-mail, else by last name.
    page_search: row.email ?? row.last_name ?? row.first_name,
  };
}

export function userHit(row: UserSearchRow): GlobalSearchHit {
  return {
    kind: 'users',
    id: row.id,
    title: row.name,
    detail: row.email,
    merchant_id: null,
    occurred_at: null,
    page_search: row.email,
  };
}

function applicationStatusWords(status: string | null): string {
  const known = applicationStatuses.find((candidate): candidate is ApplicationStatus => candidate === status);
  return applicationStatusLabel(known ?? null);
}

export function enrollmentHit(row: EnrollmentSearchRow): GlobalSearchHit {
  const title = row.dba_name ?? row.legal_name ?? 'Application';
  return {
    kind: 'enrollments',
    id: row.id,
    title,
    detail: joined([
      'Application',
      applicationStatusWords(row.application_status),
      row.legal_name === title ? null : row.legal_name,
      row.parent_name,
    ]),
    merchant_id: null,
    occurred_at: null,
    page_search: null,
  };
}

export function payoutHit(row: PayoutSearchRow): GlobalSearchHit {
  return {
    kind: 'payouts',
    id: row.id,
    title: `${formatCentsAsMoney(row.amount_cents)} payout`,
    detail: joined([row.merchant_name, `${row.payout_date}`, payoutStatusLabels[row.status] ?? null]),
    merchant_id: row.client_id,
    occurred_at: null,
    page_search: null,
  };
}
