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
