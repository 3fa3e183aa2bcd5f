import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by every schema file. Names come from the object keys (casing: snake_case).

// Money is integer cents, never a float (design.md §3). 2^53 cents is far beyond any real amount.
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
