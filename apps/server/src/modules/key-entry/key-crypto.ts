import { createCipheriv } from 'node:crypto';
import type { KeyAlgorithm } from '@portico/contracts/access/key-entry';

// Key handling of key entry: components combined by XOR, check values, and the DUKPT initial
// key (ANSI X9.24-1). Pure functions over buffers; nothing here keeps or logs key material.

function ecbEncrypt(cipherName: string, key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv(cipherName, key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

function tdesCipherName(key: Buffer): string {
  if (key.length === 16) return 'des-ede-ecb';
  if (key.length === 24) return 'des-ede3-ecb';
  throw new Error('A TDES key is 16 or 24 bytes');
}

export function tdesEncryptBlock(key: Buffer, block: Buffer): Buffer {
  return ecbEncrypt(tdesCipherName(key), key, block);
}

export function aesEncryptBlock(key: Buffer, block: Buffer): Buffer {
  return ecbEncrypt(`aes-${key.length * 8}-ecb`, key, block);
}

// RFC 4493 doubling in GF(2^128).
function doubleBlock(block: Buffer): Buffer {
  const out = Buffer.alloc(16);
  let carry = 0;
  for (let index = 15; index >= 0; index--) {
    const byte = block[index] ?? 0;
    out[index] = ((byte << 1) | carry) & 0xff;
    carry = byte >> 7;
  }
  if (carry) out[15] = (out[15] ?? 0) ^ 0x87;
  return out;
}

function xorInto(target: Buffer, other: Buffer, offset = 0): void {
  for (let index = 0; index < target.length; index++) {
    target[index] = (target[index] ?? 0) ^ (other[offset + index] ?? 0);
  }
}

// AES-CMAC (RFC 4493, NIST SP 800-38B).
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const k1 = doubleBlock(aesEncryptBlock(key, Buffer.alloc(16)));
  const k2 = doubleBlock(k1);
  const blocks = Math.max(1, Math.ceil(message.length / 16));
  const isComplete = message.length > 0 && message.length % 16 === 0;
  const last = Buffer.alloc(16);
  message.copy(last, 0, (blocks - 1) * 16);
  if (!isComplete) last[message.length - (blocks - 1) * 16] = 0x80;
  xorInto(last, isComplete ? k1 : k2);
  let state: Buffer = Buffer.alloc(16);
  for (let block = 0; block < blocks - 1; block++) {
    xorInto(state, message, block * 16);
    state = aesEncryptBlock(key, state);
  }
  xorInto(state, last);
  return aesEncryptBlock(key, state);
}

// The key check value as HSMs print it (3 bytes, 6 hex characters): TDES encrypts a block of
// zeros (X9.24-1); AES takes the CMAC of a block of zeros (X9.24-3), as the encryption of zeros
// would reveal a known plaintext-ciphertext pair of the working key.
export function keyCheckValue(algorithm: KeyAlgorithm, key: Buffer): string {
  const mac = algorithm === 'TDES' ? tdesEncryptBlock(key, Buffer.alloc(8)) : aesCmac(key, Buffer.alloc(16));
  return mac.subarray(0, 3).toString('hex').toUpperCase();
}

// Odd parity forced in every byte (DES uses the low bit of each byte only as parity).
export function withOddParity(key: Buffer): Buffer {
  return Buffer.from(
    key.map((byte) => {
      let bits = 0;
      for (let value = byte >> 1; value > 0; value >>= 1) bits += value & 1;
      return (byte & 0xfe) | (bits % 2 === 0 ? 1 : 0);
    }),
  );
}

// Components combine by XOR. An even number of odd-parity components gives even parity, so a TDES
// key is parity-adjusted afterwards, as HSMs do when forming a key from components.
export function combineComponents(algorithm: KeyAlgorithm, components: readonly Buffer[]): Buffer {
  const [first, ...rest] = components;
  if (!first) throw new Error('A key needs at least one component');
  const key = Buffer.from(first);
  for (const component of rest) {
    if (component.length !== key.length) throw new Error('Components of one key have one length');
    xorInto(key, component);
  }
  return algorithm === 'TDES' ? withOddParity(key) : key;
}

const keyRegisterMask = Buffer.from('C0C0C0C000000000C0C0C0C000000000', 'hex');

// ANSI X9.24-1 (2009), section A.6: the initial PIN encryption key of a device from the base derivation
// key and the device's key serial number, its 21-bit transaction counter cleared.
export function deriveIpek(bdk: Buffer, ksn: Buffer): Buffer {
  if (bdk.length !== 16) throw new Error('The DUKPT base derivation key is a double-length TDES key');
  if (ksn.length !== 10) throw new Error('A key serial number is 10 bytes');
  const initialKsn = Buffer.from(ksn.subarray(0, 8));
  initialKsn[7] = (initialKsn[7] ?? 0) & 0xe0;
  const left = tdesEncryptBlock(bdk, initialKsn);
  const maskedBdk = Buffer.from(bdk);
  xorInto(maskedBdk, keyRegisterMask);
  const right = tdesEncryptBlock(maskedBdk, initialKsn);
  return Buffer.concat([left, right]);
}
