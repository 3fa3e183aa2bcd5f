import type { SocialProviderId } from '@portico/contracts/auth/social-sign-in';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { OidcProviderConfig } from '../../config';

export type AuthorizationRequest = { url: URL; state: string; nonce: string; codeVerifier: string };

export type VerifiedClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  // Only an explicit true counts: a provider that omits the claim has not verified the address.
  isEmailVerified: boolean;
};

export type OidcProvider = {
  id: SocialProviderId;
  name: string;
  begin(): Promise<AuthorizationRequest>;
  // Validates state, nonce, PKCE and the ID token; throws on any mismatch.
  finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedClaims>;
};

const providerNames: Record<SocialProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

// Plain http is allowed for an issuer on this machine only (the mock provider of the tests, a local
// Keycloak in development); every real provider speaks https.
function isLocalPlainHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

const idTokenClaims = z.object({
  iss: z.string(),
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.unknown().optional(),
});

export function createOidcProvider(
  id: SocialProviderId,
  settings: OidcProviderConfig,
  redirectUri: string,
): OidcProvider {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<oidc.Configuration> | undefined;
  // Discovery runs once, on first use, so a provider that is down does not stop the server starting;
  // a failed discovery is retried on the next sign-in.
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        isLocalPlainHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    id,
    name: providerNames[id],
    async begin() {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url, state, nonce, codeVerifier };
    },
    async finish(callbackUrl, expected) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = idTokenClaims.parse(tokens.claims());
      const email = claims.email ? claims.email.trim().toLowerCase() : null;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: email || null,
        isEmailVerified: claims.email_verified === true,
      };
    },
  };
}

// The providers configured by environment, in the order the login page shows them.
export function createOidcProviders(
  configured: Partial<Record<SocialProviderId, OidcProviderConfig | undefined>>,
  publicUrl: string,
): Map<SocialProviderId, OidcProvider> {
  const providers = new Map<SocialProviderId, OidcProvider>();
  for (const id of ['google', 'microsoft'] as const) {
    const settings = configured[id];
    if (!settings) continue;
    providers.set(id, createOidcProvider(id, settings, `${publicUrl}/auth/oidc/${id}/callback`));
  }
  return providers;
}
