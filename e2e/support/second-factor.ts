import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { demoAuthenticatorSecret } from '@portico/contracts/auth/demo-authenticator';
import {
  base32Decode,
  type HmacSha1,
  TOTP_DRIFT_STEPS,
  TOTP_PERIOD_SECONDS,
  totpCodeAt,
  totpStepAt,
} from '@portico/contracts/auth/totp';
import { serverEnvKeys } from './server-process';

// The second factor as a person with an authenticator app gives it, with the server's own TOTP rule.

export const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();

const stepMs = TOTP_PERIOD_SECONDS * 1000;

export function totpCodeOf(secret: string, epochMs: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('The key is not base32');
  return totpCodeAt(key, epochMs, hmacSha1);
}

// A demo account's authenticator key, as the README and the start-up banner list it.
export const demoAuthenticatorKey = (email: string) => demoAuthenticatorSecret(email, hmacSha1);

// The last time step each account's code was typed for in this run, in a file of the run's work
// directory, so the global set-up and the specs' worker share it. The server refuses a code of a step
// no later than the last one it accepted (a replay), so the next code is of a later step: the current
// one, else the next (the server accepts one step of drift), else after waiting for it.
function stepsFile(): string {
  const workDir = process.env[serverEnvKeys.workDir];
  if (!workDir) throw new Error('e2e: the server work directory is not known');
  return join(workDir, 'second-factor-steps.json');
}

function lastTypedSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(stepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export async function nextCodeForKey(email: string, secret: string): Promise<string> {
  const steps = lastTypedSteps();
  const wanted = Math.max(totpStepAt(Date.now()), (steps[email] ?? -1) + 1);
  const waitMs = (wanted - TOTP_DRIFT_STEPS) * stepMs - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  writeFileSync(stepsFile(), JSON.stringify({ ...steps, [email]: wanted }));
  return totpCodeOf(secret, wanted * stepMs);
}

// The next code of a demo account's authenticator.
export const nextDemoCode = (email: string) => nextCodeForKey(email, demoAuthenticatorKey(email));

// On 'Two-step verification': the account's code from its demo authenticator, then Verify.
export async function typeSecondFactorCode(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await nextDemoCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
}

// A step-up dialog: the same code, for a sensitive action.
export async function stepUpWithCode(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog
    .getByLabel('Code from your authenticator app or a recovery code')
    .fill(await nextDemoCode(email));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

// On 'Set up two-step verification' (a sign-in whose access requires a second factor it does not have
// yet): an authenticator app set up from the key shown for manual entry, its recovery codes kept, and
// the sign-in finished. Answers the key, for the codes of later sign-ins.
export async function setUpAuthenticatorAtSignIn(page: Page, email: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = (await page.getByLabel('Key for manual entry').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from your authenticator app').fill(await nextCodeForKey(email, key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  return key;
}
