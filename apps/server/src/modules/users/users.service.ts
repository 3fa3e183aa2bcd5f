import { type PermissionName, permissionNameSchema } from '@portico/contracts/access/permission-names';
import { defaultColorSchemePreference } from '@portico/contracts/auth/color-scheme';
import { userTypeSchema } from '@portico/contracts/auth/roles';
import { tourKindOf, tourStartsByItself } from '@portico/contracts/tours/tours';
import { canReachEveryMerchant } from '../../access/merchant-scope';
import type { SessionContext } from '../../access/request-session';
import type { Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { imageDataUrl } from '../../lib/image-data-url';
import { resolveUserBranding } from '../branding/branding.service';
import { listDescendantSummaries } from '../rbac/rbac.repository';
import { defaultLogoPng } from './default-logo';
import { findParentLogo, findUserProfile, listGridConfigs, listMembershipGrants } from './users.repository';

export const UsersError = defineErrors({
  UserNotFound: ['USER_NOT_FOUND', 'unauthenticated'],
});

type MembershipView = {
  merchant: { id: string; name: string };
  role: { id: string; name: string; granted_permissions: { name: PermissionName }[] } | null;
};

// GET /api/user: four queries whatever the number of memberships or layouts.
export async function loadSessionUser(executor: Executor, session: SessionContext) {
  const profile = await findUserProfile(executor, session.userId);
  if (!profile) throw UsersError.UserNotFound('Sign in to continue');
  const userType = userTypeSchema.parse(profile.userType);
  const grants = await listMembershipGrants(executor, session.userId);
  const layouts = await listGridConfigs(executor, session.userId);

  const membershipsById = new Map<string, MembershipView>();
  let isParentMember = false;
  for (const grant of grants) {
    if (grant.clientLevel === 'Parent') isParentMember = true;
    let membership = membershipsById.get(grant.clientId);
    if (!membership) {
      membership = {
        merchant: { id: grant.clientId, name: grant.clientName },
        role: grant.roleId ? { id: grant.roleId, name: grant.roleName ?? '', granted_permissions: [] } : null,
      };
      membershipsById.set(grant.clientId, membership);
    }
    const permission = permissionNameSchema.safeParse(grant.permission);
    if (membership.role && permission.success)
      membership.role.granted_permissions.push({ name: permission.data });
  }

  // Staff see the tree below their default client; everyone else the tree below their memberships.
  const roots = new Set(membershipsById.keys());
  if (canReachEveryMerchant(userType) && profile.defaultClient) roots.add(profile.defaultClient.id);
  const hierarchy = await listDescendantSummaries(executor, [...roots]);

  const dc = profile.defaultClient;
  const branding = await resolveUserBranding(executor, { userType, defaultClientId: dc?.id ?? null });
  const tourKind = tourKindOf({ user_type: userType, is_demo_user: profile.isDemoUser });
  const toursSeen = profile.userCustomizations.tours_seen ?? [];
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    user_type: userType,
    parent_id: profile.parent?.id ?? null,
    parent_name: profile.parentBrandName ?? profile.parent?.name ?? null,
    parent_logo: profile.parentLogo ? imageDataUrl(profile.parentLogo) : null,
    processor_audit_user: profile.isProcessorAuditUser,
    is_demo_user: profile.isDemoUser,
    is_parent_member: isParentMember,
    branding,
    tour: {
      kind: tourKind,
      starts_by_itself: tourStartsByItself(tourKind, toursSeen, session.mimickedByUserId !== null),
    },
    color_scheme: profile.userCustomizations.color_scheme ?? defaultColorSchemePreference,
    timezone: profile.timezone,
    user_customizations: {
      grid_config: Object.fromEntries(layouts.map((layout) => [layout.key, layout.layout])),
    },
    account: {
      default_client: dc
        ? {
            id: dc.id,
            is_in_certification: dc.isInCertification,
            merchant: {
              name: dc.name,
              level: dc.level,
              is_enrolled_as_crypto_only: dc.isEnrolledAsCryptoOnly,
              is_frozen: !dc.isActive,
              configuration: {
                customizations: {
                  rbac_enabled: profile.customizations?.rbac_enabled === true,
                  skipped_menu_titles: profile.customizations?.skipped_menu_titles ?? [],
                },
                has_patient_information_in_vault: profile.hasPatientInformationInVault ?? false,
                has_orphaned_payment_methods: profile.hasOrphanedPaymentMethods ?? false,
              },
            },
          }
        : null,
      memberships: [...membershipsById.values()],
      hierarchy_list: hierarchy.map((client) => ({
        id: client.id,
        name: client.name,
        level: client.level,
        parent_id: client.parentId,
      })),
    },
  };
}

// GET /api/logo: the parent's stored logo, else the Portico mark.
export async function loadLogoBase64(executor: Executor, userId: string): Promise<string> {
  const stored = await findParentLogo(executor, userId);
  return (stored ?? defaultLogoPng).toString('base64');
}
