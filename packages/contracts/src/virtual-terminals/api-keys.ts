import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET /api/user/apikeys: the merchant
// accounts whose virtual terminal the caller may open, with the keys the terminal pages carry.

export const apiKeyRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parent_id: z.uuid().nullable(),
  apikey: z.string(),
  public_key: z.string(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

export const apiKeysResponse = successEnvelope(z.array(apiKeyRecordSchema));
