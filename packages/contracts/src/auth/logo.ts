import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET /api/logo: the caller's parent logo (or the Portico logo) as base64 PNG, without a data: prefix.
export const logoResponse = successEnvelope(z.base64());
