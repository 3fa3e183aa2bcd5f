import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { AppError } from '../../lib/app-error';

// Each error with its fixed text (the portal shows it as it comes).
function error(code: string, kind: AppError['kind'], message: string) {
  return () => new AppError(code, kind, message);
}

export const SecondFactorError = {
  CodeNotValid: error(SecondFactorErrorCode.CodeNotValid, 'business_rule', SecondFactorText.CodeNotValid),
  RecoveryCodeNotValid: error(
    SecondFactorErrorCode.CodeNotValid,
    'business_rule',
    SecondFactorText.RecoveryCodeNotValid,
  ),
  ChallengeEnded: error(
    SecondFactorErrorCode.ChallengeEnded,
    'unauthenticated',
    SecondFactorText.ChallengeEnded,
  ),
  NoChallenge: error(SecondFactorErrorCode.NoChallenge, 'unauthenticated', SecondFactorText.NoChallenge),
  AlreadyEnabled: error(SecondFactorErrorCode.AlreadyEnabled, 'conflict', SecondFactorText.AlreadyEnabled),
  NotEnabled: error(SecondFactorErrorCode.NotEnabled, 'conflict', SecondFactorText.NotEnabled),
  UserHasNone: error(SecondFactorErrorCode.NotEnabled, 'conflict', SecondFactorText.UserHasNone),
  NoEnrolment: error(SecondFactorErrorCode.NoEnrolment, 'conflict', SecondFactorText.NoEnrolment),
  UserNotFound: error(SecondFactorErrorCode.UserNotFound, 'not_found', SecondFactorText.UserNotFound),
  ClientNotFound: error(SecondFactorErrorCode.ClientNotFound, 'not_found', SecondFactorText.ClientNotFound),
};
