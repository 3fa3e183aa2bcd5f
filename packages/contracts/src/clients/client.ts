import { z } from 'zod';
import { merchantLevelSchema } from '../access/session-user';
import { successEnvelope } from '../common/envelope';

// GET /api/client?id={id} (without id: the caller's default client). This build answers the identity
// and the configuration the reporting pages read; the account detail page's full record (pricing,
// keystore, bank) is a later call.
export const reportSearchPages = ['classic', 'search'] as const;
export type ReportSearchPage = (typeof reportSearchPages)[number];

export const clientQuery = z.object({ id: z.uuid().optional() });

export const clientConfigurationSchema = z.object({
  meta_field_search: z.boolean(),
  meta_field_search_term: z.string().nullable(),
  customizations: z.object({
    // Where /reporting leads; classic unless the merchant chose search.
    default_search_page: z.enum(reportSearchPages),
    custom_fields: z.array(z.string()),
  }),
});

export const clientRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  legal_name: z.string().nullable(),
  dba_name: z.string().nullable(),
  level: merchantLevelSchema,
  parent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  config: clientConfigurationSchema,
  // The custom fields every location of the merchant carries.
  merchant_sub_entity_custom_fields: z.record(
    z.string(),
    z.object({ name: z.string(), type: z.enum(['text', 'number']) }),
  ),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;
export const clientResponse = successEnvelope(clientRecordSchema);

// GET /api/rbac/{merchantId}/users/{userId}/sub-entities: the merchant's locations the user works
// at (all of them when the user is not tied to particular ones).
export const userSubEntitiesParams = z.object({ merchantId: z.uuid(), userId: z.uuid() });
export const subEntitySummarySchema = z.object({ id: z.uuid(), name: z.string() });
export type SubEntitySummary = z.infer<typeof subEntitySummarySchema>;
export const userSubEntitiesResponse = successEnvelope(z.array(subEntitySummarySchema));
