import { z } from 'zod';
import { merchantLevelSchema } from '../access/session-user';
import { successEnvelope } from '../common/envelope';
import { clientConfigurationSchema } from './client';

// The account lists of the Merchants and Accounts pages, scoped on the server to the clients the
// caller reaches (staff: all; a parent: its hierarchy; a merchant user: its memberships).

export const cardProcessors = ['fis', 'merchante', 'bluesnap', 'epx', 'propay'] as const;
export const achProcessors = ['xpress', 'propay'] as const;

// Client list row: id, parent, legal_name, dba_name, config.enabled, config.payment,
// config.ach, updated_at. config.enabled is the merchant control: false while frozen by risk.
export const clientListRowSchema = z.object({
  id: z.uuid(),
  parent: z.string().nullable(),
  legal_name: z.string().nullable(),
  dba_name: z.string().nullable(),
  config: z.object({
    enabled: z.boolean(),
    payment: z.enum(cardProcessors).nullable(),
    ach: z.enum(achProcessors).nullable(),
  }),
  updated_at: z.iso.datetime(),
});
export type ClientListRow = z.infer<typeof clientListRowSchema>;

// GET /api/client/all (the Merchants grid): the list row plus what the grid filters on.
export const merchantGridRowSchema = clientListRowSchema.extend({
  name: z.string(),
  level: merchantLevelSchema,
  parent_id: z.uuid().nullable(),
  mcc_code: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type MerchantGridRow = z.infer<typeof merchantGridRowSchema>;

export const merchantGridResponse = successEnvelope(z.array(merchantGridRowSchema));
export const clientListResponse = successEnvelope(z.array(clientListRowSchema));

// GET /api/clients: one array per client, index 0 the id and index 3 the name.
export const clientTupleSchema = z.tuple([z.uuid(), z.uuid().nullable(), merchantLevelSchema, z.string()]);
export type ClientTuple = z.infer<typeof clientTupleSchema>;
export const clientTuplesResponse = successEnvelope(z.array(clientTupleSchema));

// GET /api/client/my-configurations: the reporting configuration of each client the caller is a
// member of (its default client first).
export const myConfigurationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  config: clientConfigurationSchema,
});
export const myConfigurationsResponse = successEnvelope(z.array(myConfigurationSchema));
