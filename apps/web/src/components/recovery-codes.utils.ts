// The recovery codes as a text file people keep: what they are for, then one code a line.
export const RECOVERY_CODES_FILE_NAME = 'portico-recovery-codes.txt';

export function recoveryCodesFileText(codes: readonly string[], accountEmail: string): string {
  return [
    `Portico recovery codes for ${accountEmail}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

// Two columns of codes read more easily than ten lines: split into rows of two.
export function codesInPairs(codes: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < codes.length; i += 2) rows.push(codes.slice(i, i + 2));
  return rows;
}
