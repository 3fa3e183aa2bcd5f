import {
  type EditableFieldName,
  type EnrollmentRecord,
  enrollmentEditMeta,
  isProcessingFieldName,
  transactionMixFieldNames,
} from '@portico/contracts/enrollment/enrollment-record';

// The page's form holds every editable field as the text its input shows.
export type EnrollmentFormValues = Partial<Record<EditableFieldName, string>>;

// What PATCH /api/enroll/edit receives in meta: the id and the fields to change.
export type EnrollmentEditDraft = { id: string } & Record<string, string | number | boolean | null>;

function isEditableFieldName(key: string): key is EditableFieldName {
  return key !== 'id' && Object.hasOwn(enrollmentEditMeta.shape, key);
}

export const editableFieldNames: readonly EditableFieldName[] = Object.keys(enrollmentEditMeta.shape).filter(
  isEditableFieldName,
);

const booleanFieldNames: readonly string[] = ['card_p2c', 'ach_p2c', 'crypto_p2c'];
const wholeNumberFieldNames: readonly string[] = transactionMixFieldNames;

function textOf(value: string | number | boolean | null): string {
  if (value === null) return '';
  return String(value);
}

export function formValuesOf(record: EnrollmentRecord): EnrollmentFormValues {
  const values: EnrollmentFormValues = {};
  for (const name of editableFieldNames) values[name] = textOf(record[name]);
  return values;
}

function wireValueOf(name: EditableFieldName, text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (booleanFieldNames.includes(name)) return trimmed === 'true';
  if (wholeNumberFieldNames.includes(name)) {
    if (trimmed === '') return null;
    // Anything else goes as typed so the shared schema names the problem.
    return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
  }
  // The application's e-mail cannot be cleared: a blank one is sent so the schema says so.
  if (name === 'email') return trimmed;
  return trimmed === '' ? null : trimmed;
}

// The edit call takes the record; this sends its id and only the fields the user changed, so a mask
// left alone is never sent and a parent never sends a processing field.
export function buildEditDraft(
  record: EnrollmentRecord,
  values: EnrollmentFormValues,
  { canSeeProcessing }: { canSeeProcessing: boolean },
): EnrollmentEditDraft {
  const initial = formValuesOf(record);
  const draft: EnrollmentEditDraft = { id: record.id };
  for (const name of editableFieldNames) {
    if (!canSeeProcessing && isProcessingFieldName(name)) continue;
    const text = values[name] ?? '';
    if (text === (initial[name] ?? '')) continue;
    draft[name] = wireValueOf(name, text);
  }
  return draft;
}

export type FieldError = { name: EditableFieldName; message: string };

// The server's own rules, run before asking for confirmation.
export function draftErrors(draft: EnrollmentEditDraft): FieldError[] {
  const parsed = enrollmentEditMeta.safeParse(draft);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const [name] = issue.path;
    return typeof name === 'string' && isEditableFieldName(name) ? [{ name, message: issue.message }] : [];
  });
}
