import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  type SearchCriteria,
  type SearchRequestBody,
  searchRequestBody,
  searchWindowOfDays,
} from '@portico/contracts/transactions/search';

// The search form: a Use box per criterion, the dates always on, custom fields sent only
// when filled. The criteria travel as JSON in the page's q parameter so a shared url restores them.

export const searchCriterionKeys = [
  'merchant_id',
  'transaction_id',
  'customer_first_name',
  'customer_last_name',
  'customer_email',
  'account',
  'transaction_type',
  'payment_type',
  'amount_min',
  'amount_max',
  'status',
] as const;
export type SearchCriterionKey = (typeof searchCriterionKeys)[number];

export type SearchCriterionField = { use: boolean; value: string };
export type SearchCustomField = { name: string; value: string };

export type SearchFormValues = {
  startDate: string;
  endDate: string;
  criteria: Record<SearchCriterionKey, SearchCriterionField>;
  // One entry per custom field of the merchant (and any a shared url carries).
  customFields: SearchCustomField[];
  // The merchant's locations (sub-entities) to search in.
  locations: { use: boolean; ids: string[] };
};

export type UseBoxPath = 'locations.use' | `criteria.${SearchCriterionKey}.use`;

const criterionValuePath = /^criteria\.(\w+)\.value$/;

// Typing into a criterion ticks its Use box. The box a changed field answers to, when the
// field now holds something; null for the dates, custom fields and emptied fields.
export function boxToTickAfterTyping(
  changedField: string | undefined,
  values: SearchFormValues,
): UseBoxPath | null {
  if (changedField === 'locations.ids') return values.locations.ids.length > 0 ? 'locations.use' : null;
  const key = searchCriterionKeys.find(
    (candidate) => candidate === criterionValuePath.exec(changedField ?? '')?.[1],
  );
  if (key === undefined || values.criteria[key].value.trim() === '') return null;
  return `criteria.${key}.use`;
}

const unused = (): SearchCriterionField => ({ use: false, value: '' });

export function emptySearchForm(startDate: string, endDate: string): SearchFormValues {
  const criteria: Record<SearchCriterionKey, SearchCriterionField> = {
    merchant_id: unused(),
    transaction_id: unused(),
    customer_first_name: unused(),
    customer_last_name: unused(),
    customer_email: unused(),
    account: unused(),
    transaction_type: unused(),
    payment_type: unused(),
    amount_min: unused(),
    amount_max: unused(),
    status: unused(),
  };
  return { startDate, endDate, criteria, customFields: [], locations: { use: false, ids: [] } };
}

// The parsed body back in the shape the call and the url carry (amounts as decimal text, not cents).
export function criteriaInputOf(body: SearchRequestBody): SearchCriteria {
  const { amount_min, amount_max, ...rest } = body;
  return {
    ...rest,
    ...(amount_min === undefined ? {} : { amount_min: formatCentsAsDecimal(amount_min) }),
    ...(amount_max === undefined ? {} : { amount_max: formatCentsAsDecimal(amount_max) }),
  };
}

export type SearchCriteriaCheck =
  | { isValid: true; criteria: SearchCriteria }
  | { isValid: false; message: string; field: string | null };

// Only ticked and filled criteria, checked by the contracts schema the server uses.
export function criteriaOfSearchForm(values: SearchFormValues): SearchCriteriaCheck {
  if (values.startDate === '' || values.endDate === '') {
    return { isValid: false, message: 'Start and end dates are required', field: 'start_date' };
  }
  let window: { start_date: string; end_date: string };
  try {
    window = searchWindowOfDays(values.startDate, values.endDate);
  } catch {
    return { isValid: false, message: 'Start and end dates are required', field: 'start_date' };
  }
  const candidate: Record<string, unknown> = { ...window };
  for (const key of searchCriterionKeys) {
    const { use, value } = values.criteria[key];
    if (use && value.trim() !== '') candidate[key] = value.trim();
  }
  const customFields = values.customFields
    .map(({ name, value }) => [name.trim(), value.trim()] as const)
    .filter(([name, value]) => name !== '' && value !== '');
  if (customFields.length > 0) candidate.custom_fields = Object.fromEntries(customFields);
  if (values.locations.use && values.locations.ids.length > 0) candidate.location_ids = values.locations.ids;

  const parsed = searchRequestBody.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return {
      isValid: false,
      message: issue?.message ?? 'The search cannot be read',
      field: typeof field === 'string' ? field : null,
    };
  }
  return { isValid: true, criteria: criteriaInputOf(parsed.data) };
}

// The form that shows these criteria again (Refine Search, a shared url), with an input for each
// of the merchant's custom fields.
export function searchFormOfCriteria(
  criteria: SearchCriteria | null,
  defaults: { startDate: string; endDate: string; customFieldNames: readonly string[] },
): SearchFormValues {
  const values = emptySearchForm(
    criteria?.start_date.slice(0, 10) ?? defaults.startDate,
    criteria?.end_date.slice(0, 10) ?? defaults.endDate,
  );
  for (const key of searchCriterionKeys) {
    const value = criteria?.[key];
    if (value !== undefined) values.criteria[key] = { use: true, value: String(value) };
  }
  if (criteria?.location_ids) values.locations = { use: true, ids: [...criteria.location_ids] };
  const carried = criteria?.custom_fields ?? {};
  const names = [...new Set([...defaults.customFieldNames, ...Object.keys(carried)])];
  values.customFields = names.map((name) => ({ name, value: carried[name] ?? '' }));
  return values;
}

export const searchQueryParam = 'q';

export function encodeSearchQueryParam(criteria: SearchCriteria): string {
  return JSON.stringify(criteria);
}

// null: no q, or one that is not a search the server would take.
export function decodeSearchQueryParam(text: string | null): SearchCriteria | null {
  if (text === null || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = searchRequestBody.safeParse(value);
  return parsed.success ? criteriaInputOf(parsed.data) : null;
}
