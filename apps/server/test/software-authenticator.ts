import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for the API tests: a real EC P-256 key (ES256), attestation 'none' on
// registration and signed assertions on sign-in, built byte for byte as WebAuthn defines them, so
// the server's verification library checks them for real.

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export type SoftwareCredential = {
  id: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Uint8Array;
  counter: number;
  userHandle: Buffer | null;
};

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
    ]),
  );
}

export function newCredential(): SoftwareCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    id: randomBytes(32),
    privateKey,
    publicKeyCose: coseKeyOf(publicKey),
    counter: 0,
    userHandle: null,
  };
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

type CeremonyOptions = {
  origin: string;
  rpId: string;
  // Defaults: present and verified.
  flags?: number;
  type?: string;
};

function clientData(challenge: string, options: CeremonyOptions, type: string) {
  return Buffer.from(
    JSON.stringify({ type: options.type ?? type, challenge, origin: options.origin, crossOrigin: false }),
    'utf8',
  );
}

// navigator.credentials.create's answer (RegistrationResponseJSON) for the given options.
export function attest(
  credential: SoftwareCredential,
  creationOptions: { challenge: string; user?: { id: string } },
  options: CeremonyOptions,
) {
  if (creationOptions.user) credential.userHandle = Buffer.from(creationOptions.user.id, 'base64url');
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credential.id.length);
  const authData = Buffer.concat([
    sha256(options.rpId),
    Buffer.from([(options.flags ?? FLAG_USER_PRESENT | FLAG_USER_VERIFIED) | FLAG_ATTESTED_DATA]),
    counterBytes(credential.counter),
    Buffer.alloc(16),
    idLength,
    credential.id,
    Buffer.from(credential.publicKeyCose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData(creationOptions.challenge, options, 'webauthn.create')),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
  };
}

// navigator.credentials.get's answer (AuthenticationResponseJSON); the counter moves by `step` (0:
// unchanged, negative: back) before signing.
export function assert(
  credential: SoftwareCredential,
  challenge: string,
  options: CeremonyOptions & { counterStep?: number },
) {
  credential.counter += options.counterStep ?? 1;
  const authData = Buffer.concat([
    sha256(options.rpId),
    Buffer.from([options.flags ?? FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
    counterBytes(credential.counter),
  ]);
  const clientDataJSON = clientData(challenge, options, 'webauthn.get');
  const signature = createSign('sha256')
    .update(Buffer.concat([authData, sha256(clientDataJSON)]))
    .sign(credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(credential.userHandle ? { userHandle: b64url(credential.userHandle) } : {}),
    },
  };
}

export const authenticatorFlags = { userPresent: FLAG_USER_PRESENT, userVerified: FLAG_USER_VERIFIED };
