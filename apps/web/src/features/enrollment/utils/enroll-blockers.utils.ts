import { type EnrollFormValues, enrollFormSchema } from '@portico/contracts/enrollment/enroll';

// A disabled Enroll button says why: the messages of the contracts rules the form still
// breaks, one per field, in the order the rules check them; none once the form can be sent.
export function enrollBlockers(values: EnrollFormValues): string[] {
  const parsed = enrollFormSchema.safeParse(values);
  if (parsed.success) return [];
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField.values()];
}

export function enrollDisabledText(blockers: readonly string[]): string {
  return `Enroll is disabled until these are fixed: ${blockers.join(' ')}`;
}
