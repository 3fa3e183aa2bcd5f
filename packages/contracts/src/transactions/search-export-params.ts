import type { SearchCriteria } from './search';

// The search's criteria as the params of its server export (POST /api/exports/transaction-search),
// whose params are flat text (a name of at most 100 characters, a value of at most 500): each criterion
// under its own name, the locations one a param (location_ids.0, location_ids.1 ...) and each custom
// field as a name and a value (custom_fields.0.name, custom_fields.0.value ...), so no selection of
// locations or custom field outgrows a param. The merchant travels as the export's merchant_id, which
// the access plugin checks as the search's own.

type ScalarCriterion = Exclude<keyof SearchCriteria, 'merchant_id' | 'location_ids' | 'custom_fields'>;

const scalarCriteria: readonly ScalarCriterion[] = [
  'start_date',
  'end_date',
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
];

const locationParam = /^location_ids\.(\d{1,3})$/;
const customFieldParam = /^custom_fields\.(\d{1,3})\.(name|value)$/;

export function searchExportParamsOf(criteria: Omit<SearchCriteria, 'merchant_id'>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of scalarCriteria) {
    const value = criteria[key];
    if (value !== undefined) params[key] = String(value);
  }
  criteria.location_ids?.forEach((id, index) => {
    params[`location_ids.${index}`] = id;
  });
  Object.entries(criteria.custom_fields ?? {}).forEach(([name, value], index) => {
    params[`custom_fields.${index}.name`] = name;
    params[`custom_fields.${index}.value`] = value;
  });
  return params;
}

// The criteria back, for searchRequestBody to check (a param it does not know is kept under its own
// name, so the strict schema refuses it; a custom field's name without its value, or the reverse,
// comes back as an empty text the schema refuses too).
export function searchCriteriaOfExportParams(
  params: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const criteria: Record<string, unknown> = {};
  const locations: [number, string][] = [];
  const customFields = new Map<number, { name: string; value: string }>();
  for (const [key, value] of Object.entries(params)) {
    const location = locationParam.exec(key);
    const customField = customFieldParam.exec(key);
    if (location) {
      locations.push([Number(location[1]), value]);
    } else if (customField) {
      const index = Number(customField[1]);
      const field = customFields.get(index) ?? { name: '', value: '' };
      if (customField[2] === 'name') field.name = value;
      else field.value = value;
      customFields.set(index, field);
    } else {
      criteria[key] = value;
    }
  }
  if (locations.length > 0) {
    criteria.location_ids = locations.sort(([a], [b]) => a - b).map(([, id]) => id);
  }
  if (customFields.size > 0) {
    const fields = [...customFields].sort(([a], [b]) => a - b).map(([, field]) => field);
    // Two fields of one name cannot both be sent: the second would silently replace the first.
    if (new Set(fields.map((field) => field.name)).size !== fields.length) {
      criteria.custom_fields = null;
    } else {
      criteria.custom_fields = Object.fromEntries(fields.map((field) => [field.name, field.value]));
    }
  }
  return criteria;
}
