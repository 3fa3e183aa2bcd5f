import { shortLinkResponse } from '@portico/contracts/payment-frame/short-links';
import { apiRequest } from '../../../lib/api-client';

// GET /api/urls?url={link} (bearer: the secret API key): the short link of a payment page.
export function shortenLink(secretKey: string, url: string): Promise<string> {
  return apiRequest('/api/urls', {
    query: { url },
    headers: { Authorization: `Bearer ${secretKey}` },
    schema: shortLinkResponse.shape.message,
  });
}
