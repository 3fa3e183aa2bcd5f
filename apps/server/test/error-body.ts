// The messages of a 400's validation issues ({error: {issues: [{message}]}}), for asserting the
// exact texts; none when the body has no issues.
export function issueMessages(body: string): string[] {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return [];
  const error: unknown = parsed.error;
  if (typeof error !== 'object' || error === null || !('issues' in error) || !Array.isArray(error.issues))
    return [];
  return error.issues.flatMap((issue: unknown) =>
    typeof issue === 'object' && issue !== null && 'message' in issue && typeof issue.message === 'string'
      ? [issue.message]
      : [],
  );
}
