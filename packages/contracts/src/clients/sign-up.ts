import { z } from 'zod';
import { isValidEmailAddress, normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';

// /sign-up (the Sign Up link of the login page): a business applies on its own. The
// server creates a lead enrollment that staff see in Onboarding and e-mails the applicant a link to
// finish the application. /contact shows how to reach support. POST /api/sandboxlink answers the
// address of the sandbox sign-up, signed for one e-mail address: that sign-up opens a sandbox
// (certification) account at once, with the applicant as its developer user.

export const SignUpText = {
  Title: 'Sign up',
  Intro: 'Tell us about your business. We will e-mail you a link to finish your merchant application.',
  SandboxIntro:
    'Sign up for a sandbox account to try Portico with test payments only. We will e-mail you how to sign in, and a link to finish the application when you want to go live.',
  // The same answer whether or not the address already has an account (no enumeration).
  Received:
    'Thank you! If the address can receive mail, a link to continue is on its way. Please check your inbox.',
  Submit: 'Sign Up',
  HaveAccount: 'Already have an account?',
  SignIn: 'Sign in',
  Failed: 'Something went wrong. Please try again.',
  SandboxLinkInvalid:
    'This sandbox sign-up link is not valid for this address or has expired. Ask for a new one.',
  ContactTitle: 'Contact us',
  ContactIntro:
    'We could not find a Portico account for that sign-in. If you expected one, or need help, our support team is here for you.',
} as const;

const text = (max: number) => z.string().trim().min(1, 'Field is required').max(max);
const emailAddress = z
  .string()
  .max(254)
  .transform(normalizeEmailAddress)
  .refine(isValidEmailAddress, 'Enter a valid e-mail address');

export const signUpBody = z.strictObject({
  business_name: text(200),
  first_name: text(100),
  last_name: text(100),
  email: emailAddress,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, 'Enter a valid phone number')
    .optional(),
  // The sandbox sign-up: the invitation POST /api/sandboxlink signed for this address.
  sandbox_token: z.string().max(200).optional(),
});
export type SignUpInput = z.input<typeof signUpBody>;
export type SignUpBody = z.output<typeof signUpBody>;
export const signUpResponse = successEnvelope(z.string());

export const sandboxLinkBody = z.strictObject({ email: emailAddress });
export const sandboxLinkResponse = successEnvelope(z.url());

// The query the sandbox link carries to /sign-up.
export const sandboxSignUpQuery = { sandbox: 'sandbox', email: 'email', token: 'token' } as const;

export const SignUpErrorCode = { SandboxLinkInvalid: 'SANDBOX_LINK_INVALID' } as const;
