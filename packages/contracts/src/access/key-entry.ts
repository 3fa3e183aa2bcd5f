import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The toasts of the /key-entry page.
export const KeyEntryText = {
  KcvLoaded: 'Successfully loaded kcv!',
  KcvFailed: 'Failed to get kcv',
  IpekLoaded: 'Successfully loaded IPEK',
  ComponentLoaded: 'Successfully loaded key component!',
  ComponentFailed: 'Failed to load key component',
  ArnLoaded: 'Successfully loaded ARN!',
  ArnFailed: 'Failed to load ARN',
  NoPermission: 'User does not have permission.',
} as const;

// The server's answers when a key step cannot be taken.
export const KeyEntryErrorText = {
  SecondOfficerNeeded:
    'Dual control: you already loaded a component of this key. Another staff member must load the next one.',
  AlgorithmMismatch: 'This component does not match the key being entered (algorithm or length).',
  KeyIncomplete: 'No key is complete yet: it needs components from two different staff members.',
  NotTdes: 'Remote key injection derives a DUKPT IPEK (ANSI X9.24-1) and needs a TDES base derivation key.',
  ArnMissing: 'Load the ARN of the key-management key before remote key injection.',
} as const;

export const KeyEntryErrorCode = {
  SecondOfficerNeeded: 'KEY_DUAL_CONTROL',
  AlgorithmMismatch: 'KEY_COMPONENT_MISMATCH',
  KeyIncomplete: 'KEY_INCOMPLETE',
  NotTdes: 'KEY_NOT_TDES',
  ArnMissing: 'KEY_ARN_MISSING',
} as const;

export const keyAlgorithms = ['TDES', 'AES'] as const;
export type KeyAlgorithm = (typeof keyAlgorithms)[number];

// Key lengths in bytes: double- and triple-length TDES; AES-128, -192 and -256.
const keyLengths: Record<KeyAlgorithm, readonly number[]> = { TDES: [16, 24], AES: [16, 24, 32] };

function hasOddParity(byte: number): boolean {
  let bits = 0;
  for (let value = byte; value > 0; value >>= 1) bits += value & 1;
  return bits % 2 === 1;
}

// A key component as typed: hex, the length of a key of its algorithm, and for TDES odd parity in
// every byte (the usual check that a component was keyed in without a typo). Null when it is fine.
export function keyComponentProblem(hex: string, algorithm: KeyAlgorithm): string | null {
  if (!/^[0-9a-fA-F]*$/.test(hex)) return 'A key component is written in hexadecimal (0-9, A-F).';
  const lengths = keyLengths[algorithm];
  if (hex.length % 2 !== 0 || !lengths.includes(hex.length / 2)) {
    const allowed = lengths.map((bytes) => bytes * 2).join(', ');
    const article = algorithm === 'AES' ? 'An' : 'A';
    return `${article} ${algorithm} key component is ${allowed} hexadecimal characters long.`;
  }
  if (algorithm === 'TDES') {
    for (let index = 0; index < hex.length; index += 2) {
      if (!hasOddParity(Number.parseInt(hex.slice(index, index + 2), 16))) {
        return `Byte ${index / 2 + 1} of the component fails the odd-parity check: check it for a typo.`;
      }
    }
  }
  return null;
}

// A key serial number: 10 bytes (20 hex characters), its right 21 bits the transaction counter.
export const ksnPattern = /^[0-9A-Fa-f]{20}$/;
// The Amazon Resource Name of the key-management key remote key injection wraps under.
export const arnPattern =
  /^arn:aws[a-z-]*:payment-cryptography:[a-z0-9-]+:\d{12}:(key|alias)\/[A-Za-z0-9/_-]+$/;

// Extra spaces in a pasted component are forgiven; anything else is the server's to refuse.
export const keyComponentBody = z
  .strictObject({
    component: z
      .string()
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().min(1, 'Field is required').max(64)),
    algorithm: z.enum(keyAlgorithms).default('TDES'),
  })
  .superRefine((body, context) => {
    const problem = keyComponentProblem(body.component, body.algorithm);
    if (problem !== null) context.addIssue({ code: 'custom', path: ['component'], message: problem });
  });
export type KeyComponentBody = z.input<typeof keyComponentBody>;

export const keyArnBody = z.strictObject({
  arn: z
    .string()
    .trim()
    .regex(arnPattern, 'An ARN looks like arn:aws:payment-cryptography:{region}:{account}:key/{id}'),
});
export type KeyArnBody = z.infer<typeof keyArnBody>;

export const remoteKeyInjectionBody = z.strictObject({
  ksn: z
    .string()
    .trim()
    .regex(ksnPattern, 'A key serial number is 20 hexadecimal characters')
    .transform((value) => value.toUpperCase()),
});
export type RemoteKeyInjectionBody = z.infer<typeof remoteKeyInjectionBody>;

// What is shown of a key: check values, who loaded which component and when; never key material.
export const keyComponentSchema = z.object({
  position: z.number().int(),
  kcv: z.string(),
  loaded_by: z.string(),
  loaded_at: z.string(),
});
export const keyStateSchema = z.object({
  algorithm: z.enum(keyAlgorithms),
  length_bytes: z.number().int(),
  // Null until a second staff member's component completes the key.
  kcv: z.string().nullable(),
  completed_at: z.string().nullable(),
  arn: z.string().nullable(),
  components: z.array(keyComponentSchema),
});
export type KeyState = z.infer<typeof keyStateSchema>;

// POST /api/key-entry: the component's own check value (the officer compares it with the one on
// their paper share) and the key it now belongs to.
export const keyComponentResponse = successEnvelope(
  z.object({ component_kcv: z.string(), key: keyStateSchema }),
);
// GET /api/key-entry/kcv: the current key, or null when none has been entered.
export const keyStateResponse = successEnvelope(keyStateSchema.nullable());
export const keyArnResponse = successEnvelope(keyStateSchema);
// POST /api/remote-key-injection: the device's initial key stays on the server; its check value and
// the wrapping key's reference are what the operator confirms on the device.
export const remoteKeyInjectionResponse = successEnvelope(
  z.object({
    ksn: z.string(),
    ipek_kcv: z.string(),
    bdk_kcv: z.string(),
    arn: z.string(),
    injected_at: z.string(),
  }),
);
