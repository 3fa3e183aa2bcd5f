import { z } from 'zod';
import { grantedPermissionSchema } from '../access/session-user';
import { successEnvelope } from '../common/envelope';

// GET /api/rbac/{clientId}/permissions: what the caller may do on that merchant, as [{name}]. With
// RBAC off on the merchant (and for admin staff) that is every permission name, since hasPermission
// passes there; with RBAC on, the names granted by the caller's role on the merchant or on
// the nearest parent they are a member of.
export const merchantPermissionsParams = z.object({ clientId: z.uuid() });
export const merchantPermissionsResponse = successEnvelope(z.array(grantedPermissionSchema));
