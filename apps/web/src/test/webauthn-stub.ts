import { vi } from 'vitest';

// The browser's WebAuthn API as jsdom lacks it: navigator.credentials.create and .get answer the
// given credential (or refuse as a browser does), so the real @simplewebauthn/browser code runs
// between the portal and this boundary.

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export function fakeAttestation(id = 'cred-1') {
  return {
    id: btoa(id).replace(/=+$/, ''),
    rawId: bytes(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  };
}

export function fakeAssertion(id = 'cred-1') {
  return {
    id: btoa(id).replace(/=+$/, ''),
    rawId: bytes(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('authenticator-data'),
      signature: bytes('signature'),
      userHandle: null,
    },
    getClientExtensionResults: () => ({}),
  };
}

type Answer = (options: CredentialCreationOptions | CredentialRequestOptions) => Promise<unknown>;

export function stubWebAuthn(answers: { create?: Answer; get?: Answer }) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const credentials = {
    create: vi.fn(answers.create ?? (async () => fakeAttestation())),
    get: vi.fn(answers.get ?? (async () => fakeAssertion())),
  };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  return credentials;
}

// What a browser throws when the person closes its prompt.
export const notAllowed = async () => {
  throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
};

export const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Portico', id: 'portal.test' },
  user: { id: 'dXNlcg', name: 'ann@example.com', displayName: '' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  attestation: 'none',
};

export const requestOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'portal.test',
  allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key', transports: ['internal'] }],
  userVerification: 'preferred',
};
