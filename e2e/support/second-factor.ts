import { createHmac } from 'node:crypto';
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

// The last time step each account's code was typed for in this run. The server refuses a code of a
// step no later than the last one it accepted (a replay), so the next code is of a later step: the
// current one, else the next (the server accepts one step of drift), else after waiting for it.
const lastTypedStep = new Map<string, number>();

async function nextUnusedCode(email: string, secret: string): Promise<string> {
  const wanted = Math.max(totpStepAt(Date.now()), (lastTypedStep.get(email) ?? -1) + 1);
  const waitMs = (wanted - TOTP_DRIFT_STEPS) * stepMs - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  lastTypedStep.set(email, wanted);
  return totpCodeOf(secret, wanted * stepMs);
}

// On 'Two-step verification': the account's code from its demo authenticator, then Verify.
export async function typeSecondFactorCode(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await nextUnusedCode(email, demoAuthenticatorKey(email)));
  await page.getByRole('button', { name: 'Verify' }).click();
}

// A step-up dialog: the same code, for a sensitive action.
export async function stepUpWithCode(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog
    .getByLabel('Code from your authenticator app or a recovery code')
    .fill(await nextUnusedCode(email, demoAuthenticatorKey(email)));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

// Codes for a key a spec set up itself, tracked the same way.
export const nextCodeForKey = nextUnusedCode;
