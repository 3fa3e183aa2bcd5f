import { shortLinkResponse } from '@portico/contracts/payment-frame/short-links';
import { signLinkResponse, signMerchantLinkResponse } from '@portico/contracts/payment-links/payment-links';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type LinkCredential, merchantLinkPath } from './link-credential';

// POST /api/payment-links/sign (bearer: the secret API key typed into the builder): the signed frame
// path of the link's params.
export function signLink(secretKey: string, params: string) {
  return apiRequest('/api/payment-links/sign', {
    method: 'POST',
    body: { params },
    headers: { Authorization: `Bearer ${secretKey}` },
    schema: signLinkResponse.shape.message,
  });
}

// GET /api/urls?url={link} (bearer: the secret API key): the short link of a payment page.
export function shortenLink(secretKey: string, url: string): Promise<string> {
  return apiRequest('/api/urls', {
    query: { url },
    headers: { Authorization: `Bearer ${secretKey}` },
    schema: shortLinkResponse.shape.message,
  });
}

export type BuiltLink = { url: string; shortUrl: string | null };

// The link as the payer opens it (this portal's origin in front of the signed path), and its short
// link when asked for. The short link is a convenience: without it the builder shows the full link.
// Signed in, one call signs and shortens for the chosen merchant.
export async function buildLink(
  credential: LinkCredential,
  params: string,
  { withShortLink, origin }: { withShortLink: boolean; origin: string },
): Promise<BuiltLink> {
  if (credential.kind === 'session') {
    const signed = await apiRequest(merchantLinkPath(credential.clientId, 'sign'), {
      method: 'POST',
      body: { params, short_link: withShortLink },
      schema: signMerchantLinkResponse.shape.message,
    });
    return { url: `${origin}${signed.url}`, shortUrl: signed.short_url };
  }
  const signed = await signLink(credential.key, params);
  const url = `${origin}${signed.url}`;
  const shortUrl = withShortLink ? await shortenLink(credential.key, url).catch(() => null) : null;
  return { url, shortUrl };
}

export function useBuildLink() {
  return useMutation({
    mutationFn: ({
      credential,
      params,
      withShortLink,
    }: {
      credential: LinkCredential;
      params: string;
      withShortLink: boolean;
    }) => buildLink(credential, params, { withShortLink, origin: window.location.origin }),
  });
}
