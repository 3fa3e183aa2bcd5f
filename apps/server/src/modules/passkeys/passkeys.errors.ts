import { PasskeyErrorCode, PasskeyText } from '@portico/contracts/auth/passkeys';
import { AppError } from '../../lib/app-error';

// Each error with its fixed text (the portal shows it as it comes).
function error(code: string, kind: AppError['kind'], message: string) {
  return () => new AppError(code, kind, message);
}

export const PasskeyError = {
  NotVerified: error(PasskeyErrorCode.NotVerified, 'business_rule', PasskeyText.NotVerified),
  SignInNotVerified: error(PasskeyErrorCode.NotVerified, 'unauthenticated', PasskeyText.NotVerified),
  ChallengeExpired: error(PasskeyErrorCode.ChallengeExpired, 'business_rule', PasskeyText.ChallengeExpired),
  SignInChallengeExpired: error(
    PasskeyErrorCode.ChallengeExpired,
    'unauthenticated',
    PasskeyText.ChallengeExpired,
  ),
  Unknown: error(PasskeyErrorCode.Unknown, 'unauthenticated', PasskeyText.Unknown),
  NotYours: error(PasskeyErrorCode.Unknown, 'business_rule', PasskeyText.NotYours),
  NotFound: error(PasskeyErrorCode.NotFound, 'not_found', PasskeyText.NotFound),
  AlreadyRegistered: error(PasskeyErrorCode.AlreadyRegistered, 'conflict', PasskeyText.AlreadyRegistered),
  NoneRegistered: error(PasskeyErrorCode.NoneRegistered, 'conflict', PasskeyText.NoneRegistered),
};
