import { sessionUserResponse } from '@portico/contracts/auth/session-user-response';
import { waitForEmailLink } from './mailbox';
import { nextDemoCode } from './second-factor';

// The seeded accounts that get a portal tour (staff get none), but the one that sets up its second
// factor in specs/second-factor.spec.ts, which cannot sign in before that. A fresh server shows each its tour on
// the first visit, as in production; the run marks them seen before any spec starts, so the tour never
// stands in other specs' way. specs/brand-and-tour.spec.ts turns it back on for its own checks.
export const demoAccountsWithTour = [
  'partner@healnow.example',
  'reseller@summitms.example',
  'agent@blueriverpay.example',
  'owner@harborlanecoffee.example',
  'barista@harborlanecoffee.example',
  'alpha@harborlanecoffee.example',
  'owner@copperkettle.example',
  'frontdesk@harborviewdental.example',
  'certify@orbitcommerce.example',
] as const;

const json = { 'content-type': 'application/json' };

function cookiePairOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair.length > 0)
    .join('; ');
}

// The session after the first factor, or after the demo authenticator's code when the account has one.
async function withSecondFactor(baseUrl: string, email: string, signedIn: Response): Promise<string> {
  const cookie = cookiePairOf(signedIn);
  const answer = (await signedIn.json()) as { message?: { second_factor_required?: boolean } };
  if (!answer.message?.second_factor_required) return cookie;
  const proved = await fetch(`${baseUrl}/api/second-factor/challenge`, {
    method: 'POST',
    headers: { ...json, cookie, origin: baseUrl },
    body: JSON.stringify({ code: await nextDemoCode(email) }),
  });
  if (!proved.ok) throw new Error(`e2e: the second factor of ${email} was refused (${proved.status})`);
  return cookiePairOf(proved);
}

// Signs in through the real link calls, marks the account's tour seen (PUT /api/user/tour), signs out.
export async function markTourSeenThroughApi(baseUrl: string, email: string): Promise<void> {
  const since = Date.now();
  const asked = await fetch(`${baseUrl}/firebase`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (!asked.ok) throw new Error(`e2e: login link for ${email} refused (${asked.status})`);
  const link = new URL(await waitForEmailLink(email, since));
  const token = link.searchParams.get('oobCode');
  if (!token) throw new Error(`e2e: the login link for ${email} has no code`);
  const signedIn = await fetch(`${baseUrl}/auth`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token, email }),
  });
  if (!signedIn.ok) throw new Error(`e2e: sign-in of ${email} refused (${signedIn.status})`);
  const cookie = await withSecondFactor(baseUrl, email, signedIn);
  const user = await fetch(`${baseUrl}/api/user`, { headers: { cookie } });
  const kind = sessionUserResponse.parse(await user.json()).message.tour.kind;
  if (kind) {
    const seen = await fetch(`${baseUrl}/api/user/tour`, {
      method: 'PUT',
      headers: { ...json, cookie },
      body: JSON.stringify({ tour: kind, seen: true }),
    });
    if (!seen.ok) throw new Error(`e2e: the tour of ${email} could not be marked seen (${seen.status})`);
  }
  await fetch(`${baseUrl}/logout`, { method: 'POST', headers: { cookie } });
}
