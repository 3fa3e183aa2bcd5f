import { z } from 'zod';
import {
  membershipRoleSchema,
  membershipSchema,
  sessionAccountSchema,
  sessionUserSchema,
} from '../access/session-user';
import { successEnvelope } from '../common/envelope';

// GET /api/user answers the session user of access/session-user.ts plus two fields the portal shell
// also shows: the user's timezone (settings modal) and each membership's role name. A superset, so
// the browser may parse it with sessionUserSchema alone.
export const sessionUserResponseMessageSchema = sessionUserSchema.extend({
  timezone: z.string(),
  account: sessionAccountSchema.extend({
    memberships: z.array(
      membershipSchema.extend({ role: membershipRoleSchema.extend({ name: z.string() }).nullable() }),
    ),
  }),
});
export type SessionUserResponseMessage = z.infer<typeof sessionUserResponseMessageSchema>;
export const sessionUserResponse = successEnvelope(sessionUserResponseMessageSchema);
