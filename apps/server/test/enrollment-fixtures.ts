import { type EnrollBody, type EnrollPrincipal, enrollResponse } from '@portico/contracts/enrollment/enroll';
import type { App } from '../src/app';
import { sessionCookieFor } from './auth-helpers';

// The clear sensitive values the application below is filed with: tests check none comes back.
export const applicantSecrets = {
  ssn: '123-45-6789',
  birth: '1985-04-12',
  taxId: '12-3456789',
  account: '000123456789',
  routing: '021000021',
} as const;

// The application's first principal.
export const firstPrincipal = {
  first_name: 'June',
  last_name: 'Park',
  ssn: applicantSecrets.ssn,
  date_of_birth: applicantSecrets.birth,
} satisfies EnrollPrincipal;

// Data factory (immich style): a valid POST /api/enroll body, Juniper Bakery as a Merchant under
// parentId. Overrides win; an undefined one drops the field from the JSON, and a test may add keys
// the schema refuses.
export function buildMerchantApplication(parentId: string, overrides: Record<string, unknown> = {}) {
  const application: EnrollBody = {
    application_type: 'Merchant',
    is_from_portal: true,
    dba_name: 'Juniper Bakery',
    legal_name: 'Juniper Bakery LLC',
    email: 'owner@juniper.example',
    parent: parentId,
    mcc_code: '5812',
    level: 'Merchant',
    monthly_volume: '12500.00',
    card_rate: 'IC+35bps+10c',
    ach_rate: '0.50+0.30',
    account_number: applicantSecrets.account,
    routing_number: applicantSecrets.routing,
    fed_tx_id: applicantSecrets.taxId,
    principals: [firstPrincipal],
  };
  return { ...application, ...overrides };
}

// Files an application through the real enroll call, signed in as email, so its numbers are sealed
// with the app's own key; answers the new enrollment's id.
export async function enrollThroughApi(app: App, email: string, body: object): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/enroll',
    headers: { cookie: await sessionCookieFor(app.db, email), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (res.statusCode !== 200) throw new Error(`enroll failed: ${res.body}`);
  return enrollResponse.parse(res.json()).message.id;
}
