import { getTableColumns } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import {
  memberships,
  rolePermissions,
  roles,
  subEntities,
  subEntityMidOverrides,
  userSubEntities,
} from '../schema/access';
import {
  clientBankAccounts,
  clientConfigs,
  clientCustomFields,
  clientKeystore,
  clientMccConfigs,
  clientPricing,
  clientPrincipals,
  clients,
  whiteLabels,
} from '../schema/clients';
import { processorCostModels } from '../schema/costing';
import { dataSyncRequests } from '../schema/data-sync';
import { certificationTests, developerRegistrations } from '../schema/developers';
import { documents, fileBlobs } from '../schema/documents';
import { enrollmentPrincipals, enrollments } from '../schema/enrollments';
import { notes } from '../schema/notes';
import { merchantStatusHistory } from '../schema/risk';
import { userAuthenticators } from '../schema/second-factor';
import { subscriptions } from '../schema/subscriptions';
import { auditLog, emailOutbox } from '../schema/system';
import { shortLinks, terminals, virtualTerminalUrls } from '../schema/terminals';
import { gridConfigs, users } from '../schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../schema/vault';
import type { DemoDataset } from './build-demo-dataset';

// PostgreSQL takes at most 65,535 parameters per statement; stay well below.
const maxParameters = 30_000;

async function insertRows<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<number> {
  const perRow = Object.keys(getTableColumns(table)).length;
  const chunk = Math.max(1, Math.floor(maxParameters / perRow));
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
  return rows.length;
}

// Parents before children: the order follows the foreign keys.
export async function insertDataset(tx: Executor, data: DemoDataset): Promise<void> {
  const { clients: c, locations, paymentTools: tools, access, enrollments: e, activity: a } = data;
  await insertRows(tx, clients, c.clients);
  await insertRows(tx, clientConfigs, c.configs);
  await insertRows(tx, clientPricing, c.pricing);
  await insertRows(tx, clientKeystore, c.keystore);
  await insertRows(tx, clientBankAccounts, c.bankAccounts);
  await insertRows(tx, clientPrincipals, c.principals);
  await insertRows(tx, clientCustomFields, c.customFields);
  await insertRows(tx, clientMccConfigs, c.mccConfigs);
  await insertRows(tx, whiteLabels, c.whiteLabels);
  await insertRows(tx, subEntities, locations.subEntities);
  await insertRows(tx, subEntityMidOverrides, locations.midOverrides);
  await insertRows(tx, vaultCustomers, tools.vaultCustomers);
  await insertRows(tx, vaultPaymentMethods, tools.vaultPaymentMethods);
  await insertRows(tx, subscriptions, tools.subscriptions);
  await insertRows(tx, terminals, tools.terminals);
  await insertRows(tx, virtualTerminalUrls, tools.virtualTerminalUrls);
  await insertRows(tx, shortLinks, tools.shortLinks);
  await insertRows(tx, users, access.users);
  await insertRows(tx, gridConfigs, access.gridConfigs);
  await insertRows(tx, roles, access.roles);
  await insertRows(tx, rolePermissions, access.rolePermissions);
  await insertRows(tx, memberships, access.memberships);
  await insertRows(tx, userSubEntities, access.userSubEntities);
  await insertRows(tx, userAuthenticators, access.authenticators);
  await insertRows(tx, enrollments, e.enrollments);
  await insertRows(tx, enrollmentPrincipals, e.principals);
  await insertRows(tx, fileBlobs, a.fileBlobs);
  await insertRows(tx, documents, a.documents);
  await insertRows(tx, notes, a.notes);
  await insertRows(tx, merchantStatusHistory, a.merchantStatusHistory);
  await insertRows(tx, auditLog, a.auditLog);
  await insertRows(tx, emailOutbox, a.emailOutbox);
  await insertRows(tx, developerRegistrations, a.developerRegistrations);
  await insertRows(tx, certificationTests, a.certificationTests);
  await insertRows(tx, dataSyncRequests, a.dataSyncRequests);
  await insertRows(tx, processorCostModels, a.processorCostModels);
}
