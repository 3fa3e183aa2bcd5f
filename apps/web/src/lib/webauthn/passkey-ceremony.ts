import { PasskeyText, passkeyCreationOptions, passkeyRequestOptions } from '@portico/contracts/auth/passkeys';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '../api-client';

// The browser's part of a passkey: ask the server for options, hand them to the browser's WebAuthn
// prompt, and answer what it gives back. Loaded only on use (dynamic import): the WebAuthn library
// stays out of every page's first load.

// The browser said no: the person closed the prompt, the device has no passkey for this site, or the
// browser cannot do WebAuthn at all. Its text is for the person.
export class PasskeyCeremonyError extends Error {
  override name = 'PasskeyCeremonyError';
}

function failureOf(error: unknown): Error {
  if (!(error instanceof Error)) return new PasskeyCeremonyError(PasskeyText.Cancelled);
  if (error.name === 'InvalidStateError') return new PasskeyCeremonyError(PasskeyText.AlreadyRegistered);
  if (/not supported/i.test(error.message)) return new PasskeyCeremonyError(PasskeyText.Unsupported);
  return new PasskeyCeremonyError(PasskeyText.Cancelled);
}

// Options from the server (POST), then navigator.credentials.create.
export async function createPasskeyCredential(optionsPath: string): Promise<RegistrationResponseJSON> {
  const options = await apiRequest(optionsPath, { method: 'POST', schema: passkeyCreationOptions });
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw failureOf(error);
  }
}

// Options from the server (POST), then navigator.credentials.get.
export async function getPasskeyAssertion(optionsPath: string): Promise<AuthenticationResponseJSON> {
  const options = await apiRequest(optionsPath, { method: 'POST', schema: passkeyRequestOptions });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw failureOf(error);
  }
}
