import { PasswordErrorCode } from '@portico/contracts/auth/password';
import { SignInErrorCode } from '@portico/contracts/auth/sign-in';
import { defineErrors } from '../../lib/app-error';

export const AuthError = defineErrors({
  EmailRequired: [SignInErrorCode.EmailRequired, 'validation'],
  EmailNotValid: [SignInErrorCode.EmailNotValid, 'validation'],
  InvalidOrExpiredToken: [SignInErrorCode.InvalidOrExpiredToken, 'unauthenticated'],
  NoPendingLink: [SignInErrorCode.NoPendingLink, 'not_found'],
  PendingLinkForAnotherUser: [SignInErrorCode.PendingLinkForAnotherUser, 'forbidden'],
  IdentityLinkedElsewhere: [SignInErrorCode.IdentityLinkedElsewhere, 'conflict'],
  UnknownProvider: [SignInErrorCode.UnknownProvider, 'not_found'],
});

export const PasswordError = defineErrors({
  CredentialsNotValid: [PasswordErrorCode.CredentialsNotValid, 'unauthenticated'],
  EmailNotVerified: [PasswordErrorCode.EmailNotVerified, 'forbidden'],
  PasswordRequired: [PasswordErrorCode.PasswordRequired, 'validation'],
  CurrentPasswordRequired: [PasswordErrorCode.CurrentPasswordRequired, 'validation'],
  CurrentPasswordNotValid: [PasswordErrorCode.CurrentPasswordNotValid, 'business_rule'],
  ResetLinkNotValid: [PasswordErrorCode.ResetLinkNotValid, 'business_rule'],
});
