import { bigint, char, customType, integer, numeric, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by every schema file. Names come from the object keys (casing: snake_case).

// Money is integer cents, never a float. 2^53 cents is far beyond any real amount.
export const cents = () => bigint({ mode: 'number' });

export const timestamptz = () => timestamp({ withTimezone: true });

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// drizzle-orm 0.45 has no bytea builder in pg-core; Buffers go in and come out unchanged.
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// A principal (owner) of an account or an enrollment: positions 1 to 4 as rows.
// SSN and date of birth are encrypted; a date of birth has no useful last four, so it is shown fully
// masked unless revealed.
export const principalColumns = () => ({
  position: smallint().notNull(),
  firstName: text(),
  lastName: text(),
  ssnEnc: text(),
  ssnLast4: text(),
  dateOfBirthEnc: text(),
  title: text(),
  ownershipPercent: numeric({ precision: 5, scale: 2 }),
  phoneNumber: text(),
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  city: text(),
  stateProvince: char({ length: 2 }),
  postalCode: text(),
});

// An uploaded file's metadata (documents, risk-note attachments). The content lives in file_blobs
// under storage_key; file_name is what the uploader called it and is never used as a path.
export const storedFileColumns = () => ({
  fileName: text().notNull(),
  extension: text().notNull(),
  mimeType: text().notNull(),
  sizeBytes: integer().notNull(),
  storageKey: text().notNull(),
  sha256: text().notNull(),
});
