import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { SignInText } from './sign-in';

export const socialProviderIds = ['google', 'microsoft'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];
export const socialProviderIdSchema = z.enum(socialProviderIds);

// GET /api/auth/providers: the configured providers, in the order the login page shows them.
// start_url is a full-page navigation (the server redirects to the provider).
export const socialProvidersResponse = successEnvelope(
  z.array(z.object({ id: socialProviderIdSchema, name: z.string(), start_url: z.string() })),
);

// Where the OIDC callback sends the browser, as query values of /app/login.
// error=state: the round trip was tampered with or took too long; error=not-recognized: no account
// has that e-mail ('Email address not recognized. Please try another.'); error=failed: the provider
// refused or could not be reached; notice=verify-email: 'We have sent you a confirmation email.
// Please check your inbox!'; link=<method>: the address belongs to an account that signs in with
// <method> (the retry modal names it, Continue signs in with it, then POST /api/auth/link/continue).
export const socialSignInLoginErrors = ['state', 'not-recognized', 'failed'] as const;
export type SocialSignInLoginError = (typeof socialSignInLoginErrors)[number];
export const socialSignInNotices = ['verify-email'] as const;
export const existingSignInMethods = ['email', ...socialProviderIds] as const;
export type ExistingSignInMethod = (typeof existingSignInMethods)[number];

// GET /api/auth/link/pending: the social account waiting in this browser to be linked, if any.
export const pendingLinkResponse = successEnvelope(
  z.object({ provider: socialProviderIdSchema, email: z.string() }).nullable(),
);

// POST /api/auth/link/continue (signed in): links the waiting social account to the signed-in user.
export const linkContinueResponse = successEnvelope(z.object({ provider: socialProviderIdSchema }));

// POST /api/auth/verify-email: the oobCode of a mode=verifyEmail link, opened in the browser that
// started the social sign-in.
export const verifyEmailBody = z.strictObject({ token: z.string().min(1).max(512) });
export const verifyEmailResponse = successEnvelope(z.literal(SignInText.EmailVerified));
