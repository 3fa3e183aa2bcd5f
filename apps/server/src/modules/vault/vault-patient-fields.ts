import { createHmac, hkdfSync } from 'node:crypto';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { vaultCustomers } from '../../db/schema/vault';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import type { VaultSealedPatient } from './vault.repository';

// Patient fields are sealed with the field cipher; the patient number also gets a
// keyed hash (HMAC-SHA-256 under its own sub-key of the data key) so it can be found by exact match
// without being readable from the table or guessable from a plain hash.

export type PatientCrypto = {
  cipher: FieldCipher;
  hashPatientNumber(patientNumber: string): string;
};

// Patient numbers are compared as typed, ignoring case and surrounding blanks.
function normalizedPatientNumber(patientNumber: string): string {
  return patientNumber.trim().toUpperCase();
}

export function createPatientCrypto(cipher: FieldCipher, dataKey: () => Buffer): PatientCrypto {
  let key: Buffer | undefined;
  return {
    cipher,
    hashPatientNumber(patientNumber) {
      key ??= Buffer.from(
        hkdfSync('sha256', dataKey(), Buffer.alloc(0), 'portico vault patient number v1', 32),
      );
      return createHmac('sha256', key).update(normalizedPatientNumber(patientNumber)).digest('base64url');
    },
  };
}

export type PatientFields = {
  patientNumber: string | null;
  patientFirstName: string | null;
  patientLastName: string | null;
};

function sealed(crypto: PatientCrypto, value: string | null, column: string): string | null {
  return value === null ? null : crypto.cipher.encrypt(value, column);
}

// The columns that store the given patient fields (a field left undefined is not touched).
export function sealPatientFields(
  crypto: PatientCrypto,
  fields: Partial<PatientFields>,
): Partial<typeof vaultCustomers.$inferInsert> {
  const values: Partial<typeof vaultCustomers.$inferInsert> = {};
  if (fields.patientNumber !== undefined) {
    const number = fields.patientNumber?.trim() || null;
    values.patientNumberEnc = sealed(crypto, number, encryptedColumn.vaultPatientNumber);
    values.patientNumberHash = number === null ? null : crypto.hashPatientNumber(number);
  }
  if (fields.patientFirstName !== undefined) {
    values.patientFirstNameEnc = sealed(
      crypto,
      fields.patientFirstName?.trim() || null,
      encryptedColumn.vaultPatientFirstName,
    );
  }
  if (fields.patientLastName !== undefined) {
    values.patientLastNameEnc = sealed(
      crypto,
      fields.patientLastName?.trim() || null,
      encryptedColumn.vaultPatientLastName,
    );
  }
  return values;
}

export function openPatientFields(crypto: PatientCrypto, row: VaultSealedPatient): PatientFields {
  const open = (value: string | null, column: string) =>
    value === null ? null : crypto.cipher.decrypt(value, column);
  return {
    patientNumber: open(row.patientNumberEnc, encryptedColumn.vaultPatientNumber),
    patientFirstName: open(row.patientFirstNameEnc, encryptedColumn.vaultPatientFirstName),
    patientLastName: open(row.patientLastNameEnc, encryptedColumn.vaultPatientLastName),
  };
}

export function hasPatientRecord(row: VaultSealedPatient): boolean {
  return row.patientNumberEnc !== null || row.patientFirstNameEnc !== null || row.patientLastNameEnc !== null;
}
