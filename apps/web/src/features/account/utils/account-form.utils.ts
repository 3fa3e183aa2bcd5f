import {
  type AccountDetail,
  type AccountFieldValue,
  accountEditMeta,
  childLimitProblems,
  pauseSettlementProblem,
} from '@portico/contracts/clients/account-detail';
import {
  type AccountFieldName,
  type AccountSection,
  accountFieldDefinitions,
  accountFieldNames,
  isAccountFieldName,
  isKeystoreFieldName,
  isSensitiveKind,
  keystoreFieldsFor,
  optionLabel,
  switchLabel,
} from '@portico/contracts/clients/account-fields';
import { formatCentsAsMoney, parseDecimalToCents } from '@portico/contracts/money/money';

export type AccountFormValues = Record<string, string | boolean>;

// The page's form holds text for every non-boolean field ('' for none).
export function formValuesOf(account: AccountDetail): AccountFormValues {
  return Object.fromEntries(
    Object.entries(account.fields).map(([name, value]) => [name, value === null ? '' : value]),
  );
}

// The fields of one section the account answered, in the field table's order.
export function sectionFieldNames(account: AccountDetail, section: AccountSection): AccountFieldName[] {
  return accountFieldNames.filter(
    (name) => accountFieldDefinitions[name].section === section && Object.hasOwn(account.fields, name),
  );
}

function asSent(value: string | boolean | undefined): AccountFieldValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value;
  const text = value.trim();
  return text === '' ? null : text;
}

// Only the fields the user changed go to the server (with the id): a mask left as it was keeps the
// stored value, so untouched sensitive fields are never sent.
export function buildEditDraft(
  account: AccountDetail,
  values: AccountFormValues,
): { id: string } & Record<string, AccountFieldValue> {
  const draft: { id: string } & Record<string, AccountFieldValue> = { id: account.id };
  for (const [name, original] of Object.entries(account.fields)) {
    const next = asSent(values[name]);
    if (next === original) continue;
    draft[name] = next;
  }
  return draft;
}

// What the server would refuse in a draft, by field, with the contracts' texts: each value's own
// rule, then the sub-merchant limits read with the account's other values.
export function editProblemsOf(
  account: AccountDetail,
  draft: Record<string, AccountFieldValue>,
): Partial<Record<AccountFieldName, string>> {
  const problems: Partial<Record<AccountFieldName, string>> = {};
  const parsed = accountEditMeta.safeParse(draft);
  for (const issue of parsed.error?.issues ?? []) {
    const [field] = issue.path;
    if (typeof field === 'string' && isAccountFieldName(field)) problems[field] ??= issue.message;
  }
  const changed = new Set(Object.keys(draft).filter((name) => name !== 'id'));
  for (const problem of childLimitProblems({ ...account.fields, ...draft }, changed)) {
    problems[problem.field] ??= problem.message;
  }
  const pauseProblem = pauseSettlementProblem({ ...account.fields, ...draft }, changed);
  if (pauseProblem !== null) problems.pause_settlement ??= pauseProblem;
  return problems;
}

export function changedFieldCount(draft: Record<string, unknown>): number {
  return Object.keys(draft).filter((key) => key !== 'id').length;
}

// Read-only display of a value.
export function displayText(name: AccountFieldName, value: AccountFieldValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return switchLabel(name, value);
  const kind = accountFieldDefinitions[name].kind;
  if (kind === 'enum') return optionLabel(name, value);
  if (kind === 'money') {
    const cents = parseDecimalToCents(value);
    return cents === null ? value : formatCentsAsMoney(cents);
  }
  if (kind === 'bps') return `${value} BPS`;
  if (kind === 'whole_percent') return `${value}%`;
  return value;
}

export function isSensitiveFieldName(name: AccountFieldName): boolean {
  return isSensitiveKind(accountFieldDefinitions[name].kind);
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

// The processor identifiers to show: while editing with the processors at hand, those of the
// processors as being edited; otherwise those of the stored processors (the server's answer).
export function shownKeystoreFields(
  account: AccountDetail,
  editing: AccountFormValues | null,
  names: readonly AccountFieldName[],
): AccountFieldName[] {
  const hasProcessors = Object.hasOwn(account.fields, 'payment');
  const shown: readonly string[] =
    editing !== null && hasProcessors
      ? keystoreFieldsFor({
          payment: textOf(editing.payment),
          ach: textOf(editing.ach),
          crypto: textOf(editing.crypto),
        })
      : account.view.keystore_fields;
  return names.filter((name) => isKeystoreFieldName(name) && shown.includes(name));
}
