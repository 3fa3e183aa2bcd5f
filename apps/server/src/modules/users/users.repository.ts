import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { memberships, rolePermissions, roles } from '../../db/schema/access';
import { clientConfigs, clients, whiteLabels } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { gridConfigs, users } from '../../db/schema/users';

const defaultClient = alias(clients, 'default_client');
const parent = alias(clients, 'parent');

// The parent entity of a user: the default client itself when it is a parent, else its parent.
const parentOfDefaultClient = sql`case when ${defaultClient.level} = 'Parent' then ${defaultClient.id} else ${defaultClient.parentId} end`;

// The sidebar logo: the default client's own uploaded logo, else its parent entity's.
const logoKeyOfDefaultClient = sql`coalesce(${defaultClient.logoStorageKey}, ${parent.logoStorageKey})`;

// The user, the default client with its configuration, and the parent with its branding: one query.
export async function findUserProfile(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      userType: users.userType,
      isProcessorAuditUser: users.isProcessorAuditUser,
      isDemoUser: users.isDemoUser,
      timezone: users.timezone,
      userCustomizations: users.userCustomizations,
      defaultClient: {
        id: defaultClient.id,
        name: defaultClient.name,
        level: defaultClient.level,
        isInCertification: defaultClient.isInCertification,
        isEnrolledAsCryptoOnly: defaultClient.isEnrolledAsCryptoOnly,
        isActive: defaultClient.isActive,
      },
      customizations: clientConfigs.customizations,
      hasPatientInformationInVault: clientConfigs.hasPatientInformationInVault,
      hasOrphanedPaymentMethods: clientConfigs.hasOrphanedPaymentMethods,
      parent: { id: parent.id, name: parent.name },
      parentBrandName: whiteLabels.entityName,
      parentLogo: fileBlobs.content,
    })
    .from(users)
    .leftJoin(defaultClient, eq(defaultClient.id, users.defaultClientId))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, defaultClient.id))
    .leftJoin(parent, eq(parent.id, parentOfDefaultClient))
    .leftJoin(whiteLabels, eq(whiteLabels.clientId, parent.id))
    .leftJoin(fileBlobs, eq(fileBlobs.storageKey, logoKeyOfDefaultClient))
    .where(eq(users.id, userId));
  return row;
}

// One row per granted permission (or one row for a membership without role or grants).
export async function listMembershipGrants(executor: Executor, userId: string) {
  return executor
    .select({
      clientId: memberships.clientId,
      clientName: clients.name,
      clientLevel: clients.level,
      roleId: roles.id,
      roleName: roles.name,
      permission: rolePermissions.permissionName,
    })
    .from(memberships)
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .leftJoin(roles, eq(roles.id, memberships.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(clients.name), asc(clients.id), asc(rolePermissions.permissionName));
}

export async function listGridConfigs(executor: Executor, userId: string) {
  return executor
    .select({ key: gridConfigs.key, layout: gridConfigs.layout })
    .from(gridConfigs)
    .where(eq(gridConfigs.userId, userId))
    .orderBy(asc(gridConfigs.key));
}

// The stored logo of the user's default client, else of its parent entity, if any.
export async function findParentLogo(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ content: fileBlobs.content })
    .from(users)
    .innerJoin(defaultClient, eq(defaultClient.id, users.defaultClientId))
    .leftJoin(parent, eq(parent.id, parentOfDefaultClient))
    .innerJoin(fileBlobs, eq(fileBlobs.storageKey, logoKeyOfDefaultClient))
    .where(eq(users.id, userId));
  return row?.content;
}
