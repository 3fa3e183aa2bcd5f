import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords are stored as scrypt hashes (memory-hard, in Node's own crypto: no native build) in one
// string that carries its parameters, so they can be raised later and old hashes still verify:
//   $scrypt$ln=15,r=8,p=1$<salt, base64>$<key, base64>
// N = 2^15, r = 8, p = 1 needs 128 * N * r = 32 MiB per hash and takes about 50-100 ms on one core;
// the salt is 16 random bytes and the key 64 bytes.
export type ScryptParams = { logN: number; r: number; p: number };
export const currentScryptParams: ScryptParams = { logN: 15, r: 8, p: 1 };
const saltBytes = 16;
const keyBytes = 64;
const hashPattern =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 128 * N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = currentScryptParams,
): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, params, keyBytes);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

type ParsedHash = { params: ScryptParams; salt: Buffer; key: Buffer };

function parseHash(stored: string): ParsedHash | null {
  const match = hashPattern.exec(stored);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(salt ?? '', 'base64'), key: Buffer.from(key ?? '', 'base64') };
}

// Constant-time comparison; an unreadable stored value never matches.
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

// A hash made with weaker parameters than today's is replaced at the next successful sign-in.
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { logN, r, p } = parsed.params;
  return logN < currentScryptParams.logN || r < currentScryptParams.r || p < currentScryptParams.p;
}

let dummyHash: Promise<string> | undefined;
// A hash of a random password: an unknown address costs the same work as a known one.
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}
