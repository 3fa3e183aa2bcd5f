import type { EncryptedColumn } from '../schema/encrypted-columns';
import type { DemoDomains } from './demo-accounts';

// Seals a sensitive value for the named column (FieldCipher.encrypt in the server).
export type EncryptFn = (plaintext: string, column: EncryptedColumn) => string;
// The vault's keyed hash of a patient number (modules/vault createPatientCrypto), under the data key.
export type PatientNumberHashFn = (patientNumber: string) => string;
// The server's signature over a payment frame's params (lib/payment-frame-signature.ts), under the
// data key.
export type FrameParamsSignFn = (encodedParams: string) => string;

// Everything the builders share: the anchor day every date is relative to, the domains of the demo
// accounts and the encryption of sensitive fields.
export type SeedContext = {
  anchorDay: string;
  anchorStart: Date;
  domains: DemoDomains;
  encrypt: EncryptFn;
  // Without it (a seed with no data key), patient numbers are sealed but not searchable.
  hashPatientNumber: PatientNumberHashFn | undefined;
  // Without it (a seed with no data key), terminal addresses are stored unsigned; /url/{url_id}
  // signs them on the way out.
  signFrameParams: FrameParamsSignFn | undefined;
  // A moment `days` before the anchor day's midnight (UTC), at the given UTC time of day.
  daysAgo(days: number, hourUtc?: number, minute?: number): Date;
  // The calendar day `days` before the anchor day, as YYYY-MM-DD.
  dayAgo(days: number): string;
};

const dayMs = 86_400_000;

export function utcDayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function createSeedContext(
  anchor: Date,
  domains: DemoDomains,
  encrypt: EncryptFn,
  hashPatientNumber?: PatientNumberHashFn,
  signFrameParams?: FrameParamsSignFn,
): SeedContext {
  const anchorDay = utcDayOf(anchor);
  const anchorStart = new Date(`${anchorDay}T00:00:00.000Z`);
  const daysAgo = (days: number, hourUtc = 15, minute = 0) =>
    new Date(anchorStart.getTime() - days * dayMs + (hourUtc * 60 + minute) * 60_000);
  return {
    anchorDay,
    anchorStart,
    domains,
    encrypt,
    hashPatientNumber,
    signFrameParams,
    daysAgo,
    dayAgo: (days) => utcDayOf(new Date(anchorStart.getTime() - days * dayMs)),
  };
}

// (area) 555-01xx: the range reserved for fiction.
export function fictionalPhone(area: string, suffix: number): string {
  return `(${area}) 555-01${String(suffix % 100).padStart(2, '0')}`;
}
