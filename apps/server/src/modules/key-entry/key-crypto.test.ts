import { keyComponentProblem } from '@portico/contracts/access/key-entry';
import { describe, expect, it } from 'vitest';
import { aesCmac, combineComponents, deriveIpek, keyCheckValue, withOddParity } from './key-crypto';

const hex = (value: string) => Buffer.from(value, 'hex');

describe('DUKPT initial key (ANSI X9.24-1)', () => {
  // The published test vector: BDK 0123…3210, KSN FFFF9876543210E00000.
  it('derives the IPEK of the published vector', () => {
    const ipek = deriveIpek(hex('0123456789ABCDEFFEDCBA9876543210'), hex('FFFF9876543210E00000'));
    expect(ipek.toString('hex').toUpperCase()).toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
  });

  it('ignores the transaction counter of the serial number', () => {
    const bdk = hex('0123456789ABCDEFFEDCBA9876543210');
    const counted = deriveIpek(bdk, hex('FFFF9876543210E00012'));
    expect(counted.toString('hex').toUpperCase()).toBe('6AC292FAA1315B4D858AB3A3D7D5933A');
  });

  it('refuses a triple-length or short key and a short serial number', () => {
    expect(() => deriveIpek(Buffer.alloc(24), Buffer.alloc(10))).toThrow();
    expect(() => deriveIpek(Buffer.alloc(16), Buffer.alloc(8))).toThrow();
  });
});

describe('key check values', () => {
  it('encrypts zeros under TDES: the BDK of the DUKPT vector checks as 08D7B4', () => {
    expect(keyCheckValue('TDES', hex('0123456789ABCDEFFEDCBA9876543210'))).toBe('08D7B4');
  });

  it('takes a CMAC of zeros under AES', () => {
    const key = hex('2B7E151628AED2A6ABF7158809CF4F3C');
    expect(keyCheckValue('AES', key)).toBe(
      aesCmac(key, Buffer.alloc(16)).subarray(0, 3).toString('hex').toUpperCase(),
    );
  });
});

describe('AES-CMAC (RFC 4493 test vectors)', () => {
  const key = hex('2B7E151628AED2A6ABF7158809CF4F3C');
  const message = hex(
    '6BC1BEE22E409F96E93D7E117393172AAE2D8A571E03AC9C9EB76FAC45AF8E5130C81C46A35CE411E5FBC1191A0A52EFF69F2445DF4F9B17AD2B417BE66C3710',
  );
  it.each([
    [0, 'BB1D6929E95937287FA37D129B756746'],
    [16, '070A16B46B4D4144F79BDD9DD04A287C'],
    [40, 'DFA66747DE9AE63030CA32611497C827'],
    [64, '51F0BEBF7E3B9D92FC49741779363CFE'],
  ])('over %i bytes', (length, expected) => {
    expect(aesCmac(key, message.subarray(0, length)).toString('hex').toUpperCase()).toBe(expected);
  });
});

describe('components', () => {
  const bdk = hex('0123456789ABCDEFFEDCBA9876543210');
  const first = withOddParity(hex('1F2E3D4C5B6A79804F5E6D7C8B9AA1B0'));
  // The second share: the key XOR the first, each byte's parity bit set to make it odd.
  const second = withOddParity(Buffer.from(bdk.map((byte, index) => byte ^ (first[index] ?? 0))));

  it('combines by XOR and forces odd parity on a TDES key', () => {
    expect(keyComponentProblem(first.toString('hex'), 'TDES')).toBeNull();
    expect(keyComponentProblem(second.toString('hex'), 'TDES')).toBeNull();
    expect(combineComponents('TDES', [first, second]).toString('hex').toUpperCase()).toBe(
      '0123456789ABCDEFFEDCBA9876543210',
    );
  });

  it('combines an AES key by XOR alone', () => {
    const a = hex('00112233445566778899AABBCCDDEEFF');
    const b = hex('FFEEDDCCBBAA99887766554433221100');
    expect(combineComponents('AES', [a, b]).toString('hex')).toBe('ff'.repeat(16));
  });

  it('refuses components of different lengths', () => {
    expect(() => combineComponents('AES', [Buffer.alloc(16), Buffer.alloc(32)])).toThrow();
  });
});

describe('component checks as typed', () => {
  it.each([
    [
      '0123456789ABCDEFFEDCBA987654321',
      'TDES',
      'A TDES key component is 32, 48 hexadecimal characters long.',
    ],
    ['0123456789ABCDEFFEDCBA98765432ZZ', 'TDES', 'A key component is written in hexadecimal (0-9, A-F).'],
    [
      '0023456789ABCDEFFEDCBA9876543210',
      'TDES',
      'Byte 1 of the component fails the odd-parity check: check it for a typo.',
    ],
    ['00'.repeat(20), 'AES', 'An AES key component is 32, 48, 64 hexadecimal characters long.'],
  ] as const)('%s as %s', (component, algorithm, problem) => {
    expect(keyComponentProblem(component, algorithm)).toBe(problem);
  });

  it('takes an AES component of any parity', () => {
    expect(keyComponentProblem('00'.repeat(32), 'AES')).toBeNull();
  });
});
