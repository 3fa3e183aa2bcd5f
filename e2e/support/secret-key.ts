import type { Page } from '@playwright/test';
import { revealSecretKeyResponse } from '@portico/contracts/virtual-terminals/api-keys';

// A merchant's secret key in full, as the signed-in user reveals it (the list of keys answers it
// masked only).
export async function revealedSecretKey(page: Page, clientId: string): Promise<string> {
  const response = await page.request.post('/api/user/apikeys/reveal', { data: { client_id: clientId } });
  if (!response.ok()) throw new Error(`Revealing the secret key answered ${response.status()}`);
  return revealSecretKeyResponse.parse(await response.json()).message.apikey;
}
