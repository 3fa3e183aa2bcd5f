import { z } from 'zod';
import { merchantLevelSchema } from '../access/session-user';
import { successEnvelope } from '../common/envelope';

// GET /api/client/my-clients: the merchants the signed-in user may act for, hierarchy first, then
// memberships (the merchant dropdown); staff (admin, healnow) get every client.
export const myClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  dba_name: z.string().nullable(),
  level: merchantLevelSchema,
  parent_id: z.uuid().nullable(),
});
export type MyClient = z.infer<typeof myClientSchema>;
export const myClientsResponse = successEnvelope(z.array(myClientSchema));
