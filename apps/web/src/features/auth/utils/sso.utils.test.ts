import { describe, expect, it } from 'vitest';
import { destinationAfterLinkSignIn, emailFromContinueUrl, SSO_SIGN_IN_DELAY_MS } from './sso.utils';

describe('emailFromContinueUrl', () => {
  const origin = 'http://localhost:3000';

  it.each<[string | null, string | null]>([
    ['http://localhost:3000/app/sso?email=admin%40portico.example', 'admin@portico.example'],
    ['/app/sso?email=owner%40harborlanecoffee.example', 'owner@harborlanecoffee.example'],
    ['/app/sso?email=%20padded%40x.example%20', 'padded@x.example'],
    ['/app/sso', null],
    ['/app/sso?email=', null],
    ['http://[not a url', null],
    [null, null],
  ])('%s -> %s', (continueUrl, expected) => {
    expect(emailFromContinueUrl(continueUrl, origin)).toBe(expected);
  });

  it('waits 1 second before signing in', () => {
    expect(SSO_SIGN_IN_DELAY_MS).toBe(1000);
  });
});

describe('destinationAfterLinkSignIn', () => {
  const client = '11111111-1111-4111-8111-111111111111';

  it.each([
    [client, 'user', 'home'],
    [client, 'parent', 'home'],
    [null, 'admin', 'home'],
    [null, 'user', 'not-recognized'],
    [null, 'healnow', 'not-recognized'],
  ] as const)('clientid %s, utype %s -> %s', (clientid, utype, expected) => {
    expect(destinationAfterLinkSignIn({ clientid, utype })).toBe(expected);
  });
});
