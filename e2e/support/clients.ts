import type { Page } from '@playwright/test';
import { z } from 'zod';

const myClientsAnswer = z.object({ message: z.array(z.object({ id: z.string(), name: z.string() })) });

export const harborLaneName = 'Harbor Lane Coffee Roasters';

// A client's id as the signed-in user's merchant list names it.
export async function clientIdNamed(page: Page, name: string): Promise<string> {
  const response = await page.request.get('/api/client/my-clients');
  const client = myClientsAnswer.parse(await response.json()).message.find((entry) => entry.name === name);
  if (!client) throw new Error(`No client ${name}`);
  return client.id;
}
