import { expect, type Page } from '@playwright/test';
import { enrollResponse, parentAssignmentResponse } from '@portico/contracts/enrollment/enroll';
import { e2eEnvKeys } from './e2e-control';

const MAIL_TIMEOUT_MS = 15_000;

// The first /app/enroll/ link mailed to `to` after `since` (ms epoch), read from the SMTP peer.
export async function waitForApplicationLink(to: string, since: number): Promise<string> {
  const controlUrl = process.env[e2eEnvKeys.controlUrl];
  if (!controlUrl) throw new Error('e2e: no control server (E2E_CONTROL_URL)');
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${controlUrl}/mail`);
    const mails: unknown = await response.json();
    for (const mail of Array.isArray(mails) ? mails : []) {
      if (typeof mail !== 'object' || mail === null) continue;
      const recipients: unknown = Reflect.get(mail, 'to');
      const text: unknown = Reflect.get(mail, 'text');
      const receivedAt: unknown = Reflect.get(mail, 'receivedAt');
      if (!Array.isArray(recipients) || !recipients.includes(to) || typeof text !== 'string') continue;
      if (typeof receivedAt !== 'number' || receivedAt < since) continue;
      const link = text.match(/https?:\/\/\S+\/app\/enroll\/\S+/)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`e2e: no application link reached ${to}`);
}

// A merchant application under Summit Merchant Services, made through the staff API; its id.
export async function enrollUnderSummit(page: Page, email: string, dba: string): Promise<string> {
  const parents = parentAssignmentResponse.parse(
    await (await page.request.get('/api/parent-assignment')).json(),
  );
  const summit = parents.message.find((parent) => parent.name === 'Summit Merchant Services');
  expect(summit).toBeDefined();
  const enrolled = await page.request.post('/api/enroll', {
    data: {
      application_type: 'Merchant',
      is_from_portal: true,
      dba_name: dba,
      legal_name: `${dba} LLC`,
      email,
      parent: summit?.parent_id,
      mcc_code: '5812',
      level: 'Merchant',
      card_rate: '2.90+0.30',
    },
  });
  expect(enrolled.ok()).toBe(true);
  return enrollResponse.parse(await enrolled.json()).message.id;
}
