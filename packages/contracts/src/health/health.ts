import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

export const healthResponse = successEnvelope(z.object({ uptimeSeconds: z.number() }));
export const readinessResponse = successEnvelope(z.object({ database: z.literal('ready') }));
