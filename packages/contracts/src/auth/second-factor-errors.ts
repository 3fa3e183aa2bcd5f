// The second factor's error codes, apart from its schemas and texts: the API client reads the
// step-up code on every page, the sign-in page included, which loads without zod.
export const SecondFactorErrorCode = {
  // A session signed in with its first factor only, calling anything but the challenge.
  Required: 'SECOND_FACTOR_REQUIRED',
  CodeNotValid: 'SECOND_FACTOR_CODE_NOT_VALID',
  // The fifth wrong code ended the waiting session.
  ChallengeEnded: 'SECOND_FACTOR_CHALLENGE_ENDED',
  NoChallenge: 'SECOND_FACTOR_NO_CHALLENGE',
  AlreadyEnabled: 'SECOND_FACTOR_ALREADY_ENABLED',
  NotEnabled: 'SECOND_FACTOR_NOT_ENABLED',
  NoEnrolment: 'SECOND_FACTOR_NO_ENROLMENT',
  UserNotFound: 'SECOND_FACTOR_USER_NOT_FOUND',
  ClientNotFound: 'SECOND_FACTOR_CLIENT_NOT_FOUND',
  // A sensitive action whose caller proved the second factor too long ago (STEP_UP_MINUTES).
  StepUpRequired: 'SECOND_FACTOR_STEP_UP_REQUIRED',
} as const;
