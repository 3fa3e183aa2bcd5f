import { devMailboxMessageSchema } from '@portico/contracts/auth/dev-mailbox';
import { userTypes } from '@portico/contracts/auth/roles';
import { signInResult } from '@portico/contracts/auth/sign-in';
import { socialProvidersResponse } from '@portico/contracts/auth/social-sign-in';
import { describe, expect, it } from 'vitest';
import { readDevMailboxMessage } from './get-dev-mailbox';
import { readSocialProvider } from './get-social-providers';
import { readPasswordSignInResult } from './post-password-sign-in';

// The login page parses these answers by hand (no zod in its chunk): for the fields the page reads
// they must accept and refuse what the contracts schemas do.
const providerSchema = socialProvidersResponse.shape.message.element;

describe('hand parsers agree with the contracts schemas', () => {
  it.each<[string, unknown]>([
    ['a provider', { id: 'google', name: 'Google', start_url: '/auth/oidc/google/start' }],
    ['an unknown provider id', { id: 'myspace', name: 'MySpace', start_url: '/x' }],
    ['a missing start url', { id: 'google', name: 'Google' }],
    ['a number name', { id: 'microsoft', name: 1, start_url: '/x' }],
    ['null', null],
  ])('social provider: %s', (_case, value) => {
    expect(readSocialProvider(value) !== undefined).toBe(providerSchema.safeParse(value).success);
  });

  const message = {
    id: '0b5c2f4e-8d1a-4c3b-9e7f-1a2b3c4d5e6f',
    to: ['admin@portico.example'],
    subject: 'Sign in to Portico',
    text: 'Hello http://localhost:3000/app/verify-email?oobCode=x',
    html: '<p>Hello</p>',
    status: 'pending',
    created_at: '2026-01-01T10:00:00.000Z',
  };

  it.each<[string, unknown]>([
    ['a message', message],
    ['a message without text', { ...message, text: null, html: null }],
    ['a recipient that is not text', { ...message, to: [1] }],
    ['a missing subject', { ...message, subject: undefined }],
  ])('dev mailbox message: %s', (_case, value) => {
    expect(readDevMailboxMessage(value) !== undefined).toBe(devMailboxMessageSchema.safeParse(value).success);
  });

  const result = {
    clientid: '0b5c2f4e-8d1a-4c3b-9e7f-1a2b3c4d5e6f',
    utype: 'user',
    details: { email: 'a@b.example', name: 'A' },
  };
  it.each<[string, unknown]>([
    ['a sign-in result', result],
    ['no client', { ...result, clientid: null }],
    ['no details', { ...result, details: undefined }],
    ['a number name', { ...result, details: { email: 'a@b.example', name: 1 } }],
    ['a missing type', { ...result, utype: undefined }],
    ['an unknown type', { ...result, utype: 'contact' }],
    ['awaiting the second factor', { ...result, second_factor_required: true }],
    ['a second factor flag that is not a flag', { ...result, second_factor_required: 'yes' }],
    ...userTypes.map((utype): [string, unknown] => [`type ${utype}`, { ...result, utype }]),
  ])('password sign-in result: %s', (_case, value) => {
    expect(readPasswordSignInResult(value) !== undefined).toBe(signInResult.safeParse(value).success);
  });

  it('keeps the second factor flag of a password sign-in', () => {
    expect(
      readPasswordSignInResult({ ...result, second_factor_required: true })?.second_factor_required,
    ).toBe(true);
  });

  it('reads the provider fields under the names the page uses', () => {
    expect(
      readSocialProvider({ id: 'google', name: 'Google', start_url: '/auth/oidc/google/start' }),
    ).toEqual({
      id: 'google',
      name: 'Google',
      startUrl: '/auth/oidc/google/start',
    });
  });
});
