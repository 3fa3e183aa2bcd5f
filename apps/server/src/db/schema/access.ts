import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, updatedAt } from './columns';
import { processor } from './enums';
import { users } from './users';

// The fixed list of permission names, loaded by migration 0001; roles reference them by name.
export const permissions = pgTable('permissions', {
  name: text().primaryKey(),
  description: text(),
});

// A role's custom-field access: terminal id -> field name -> 'show' | 'require' (absent is hidden).
export type CustomFieldAccess = Record<string, Record<string, 'show' | 'require'>>;
// terminal id -> field names.
export type FieldsByTerminal = Record<string, string[]>;

// Roles belong to a merchant (or a parent, whose roles its hierarchy may use).
export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    customFieldAccess: jsonb().$type<CustomFieldAccess>().notNull().default({}),
    hideableFields: jsonb().$type<FieldsByTerminal>().notNull().default({}),
    omittableFields: jsonb().$type<FieldsByTerminal>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_client_name_unique').on(t.clientId, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionName: text()
      .notNull()
      .references(() => permissions.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionName] })],
);

// A user's access to one merchant; the role (if any) grants that merchant's permissions.
export const memberships = pgTable(
  'memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    // Deleting a role leaves the membership without permissions rather than removing access silently.
    roleId: uuid().references(() => roles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_client_unique').on(t.userId, t.clientId),
    // Users of a merchant (rbac users page).
    index('memberships_client_id_idx').on(t.clientId),
    index('memberships_role_id_idx').on(t.roleId),
  ],
);

export type SubEntityAddress = {
  address?: string;
  address1?: string;
  address2?: string;
  st?: string;
  zip?: string;
  city?: string;
};

// Sub-locations (sub-entities) of a merchant.
export const subEntities = pgTable(
  'sub_entities',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text(),
    address: jsonb().$type<SubEntityAddress>().notNull().default({}),
    // Values of the merchant's client_custom_fields, by field name.
    customFields: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sub_entities_client_name_unique').on(t.clientId, t.name)],
);

// A location may settle under its own MID at a processor.
export const subEntityMidOverrides = pgTable(
  'sub_entity_mid_overrides',
  {
    id: uuid().primaryKey().defaultRandom(),
    subEntityId: uuid()
      .notNull()
      .references(() => subEntities.id, { onDelete: 'cascade' }),
    paymentProcessor: processor().notNull(),
    merchantIdentifier: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sub_entity_mid_overrides_unique').on(t.subEntityId, t.paymentProcessor)],
);

export const userSubEntities = pgTable(
  'user_sub_entities',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subEntityId: uuid()
      .notNull()
      .references(() => subEntities.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subEntityId] }),
    index('user_sub_entities_sub_entity_id_idx').on(t.subEntityId),
  ],
);

export type Role = typeof roles.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type SubEntity = typeof subEntities.$inferSelect;
