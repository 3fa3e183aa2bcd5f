import type { EnrollBody, ParentOption } from '@portico/contracts/enrollment/enroll';

// What the enroll page confirms after a successful Enroll: whose application went to which address,
// under which parent.
export type EnrollConfirmation = { title: string; detail: string };

// The application's name as the onboarding grid shows it: an agent by its person, a business by
// its DBA, else its legal name.
function applicationName(body: EnrollBody): string {
  if (body.application_type === 'Agent') {
    return [body.first_name, body.last_name].filter(Boolean).join(' ') || 'The agent';
  }
  return body.dba_name ?? body.legal_name ?? 'The business';
}

export function enrollConfirmation(body: EnrollBody, parents: readonly ParentOption[]): EnrollConfirmation {
  const email = body.email ?? '';
  const parent = parents.find((option) => option.parent_id === body.parent)?.name;
  const filed = parent ? `filed under ${parent}` : 'filed';
  return {
    title: `Application sent to ${email}`,
    detail:
      `The ${body.application_type.toLowerCase()} application of ${applicationName(body)} is ${filed} and ` +
      `waits for review. ${email} was e-mailed that it was received and will be told the decision.`,
  };
}
