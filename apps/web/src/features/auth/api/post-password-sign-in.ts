import type { UserType } from '@portico/contracts/auth/roles';
import { apiRequest } from '../../../lib/api-client';
import { isRecord, parserOf, readStringField } from '../../../lib/response-parsers';

export type PasswordSignInRequest = { email: string; password: string };
// What the login page reads of the sign-in result (contracts signInResult).
export type PasswordSignInResult = {
  clientid: string | null;
  utype: UserType;
  details: { email: string; name: string };
  // true: the session waits for the authenticator's code.
  second_factor_required?: boolean;
};

// The roles as contracts/auth/roles lists them (that module brings zod, so the list is repeated here;
// hand-parsers.test.ts fails when the two differ).
const userTypeNames: readonly UserType[] = ['admin', 'user', 'parent', 'healnow', 'alpha'];
function readUserType(value: unknown): UserType | undefined {
  return userTypeNames.find((name) => name === value);
}

// Loaded only when the person signs in with a password (the login page's first load has a budget).
// Parsed by hand: the login page loads without zod (hand-parsers.test.ts holds it to the schema).
export function readPasswordSignInResult(value: unknown): PasswordSignInResult | undefined {
  if (!isRecord(value) || !isRecord(value.details)) return undefined;
  const clientid = value.clientid === null ? null : readStringField(value, 'clientid');
  const utype = readUserType(value.utype);
  const email = readStringField(value.details, 'email');
  const name = readStringField(value.details, 'name');
  if (clientid === undefined || utype === undefined || email === undefined || name === undefined)
    return undefined;
  const awaitsSecondFactor = value.second_factor_required;
  if (awaitsSecondFactor !== undefined && typeof awaitsSecondFactor !== 'boolean') return undefined;
  return {
    clientid,
    utype,
    details: { email, name },
    ...(awaitsSecondFactor === undefined ? {} : { second_factor_required: awaitsSecondFactor }),
  };
}

// POST /api/auth/password/sign-in: a session cookie on success; 'Credentials are not valid' for any
// wrong combination; 'Please verify your email.' for an address not proved yet.
export function postPasswordSignIn(request: PasswordSignInRequest): Promise<PasswordSignInResult> {
  return apiRequest('/api/auth/password/sign-in', {
    method: 'POST',
    body: { email: request.email, password: request.password },
    schema: parserOf(readPasswordSignInResult),
  });
}
