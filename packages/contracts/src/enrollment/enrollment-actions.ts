import { z } from 'zod';
import { normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';
import { type ApplicationStatus, type EnrollmentStatus, enrollmentStatuses } from './enroll';

// What staff do to an enrollment once it is filed: run KYC, approve
// or reject it, move it under another parent, manage its users and contacts, and give its developer
// a sandbox. The server checks these bodies and the browser builds them.

export const EnrollmentActionText = {
  // Toasts.
  KycRun: 'KYC Run!',
  Approved: 'Approved!',
  Rejected: 'Reject Successful',
  UserAdded: 'Successfully added!',
  ParentChanged: 'Parent changed successfully!',
  ParentChangeFailed: 'Failed to change parent. Please try again.',
  SandboxCreated: 'Sandbox created',
  DevEnrolledSandbox: 'Dev enrolled in Sandbox',
  DevEnrolledProduction: 'Dev enrolled in Production',
  DevEmailSent: 'Dev email sent!',
  DevEmailNotSent: 'Dev email not sent!',
  UpdateFailed: 'An error occurred while the update took place.',
  // Confirmation dialogs.
  ConfirmApprove:
    'Approve this client? It moves to enrolled, with a live production API key and full production capabilities.',
  ConfirmReject: 'Reject this client? It will be barred from processing production payments.',
  // Server answers.
  EnrollmentNotFound: 'Enrollment not found',
  KycUnavailable: 'The KYC service is unavailable. Nothing was recorded; please try again.',
  RunKycFirst: 'Run KYC before approving',
  KycNotPassed: 'KYC has not passed: the enrollment cannot be approved',
  AlreadyApproved: 'This enrollment is already approved',
  AlreadyRejected: 'This enrollment is already rejected',
  Decided: 'This application is decided: it can no longer be approved or rejected.',
  UnknownParent: 'Unknown parent',
  AmbiguousParent: 'Several parents have this legal name',
  ParentCycle: 'An account cannot be moved under itself or one of its own accounts',
  DuplicateEmail: 'A user with this e-mail already exists',
  RejectedNoSandbox: 'A rejected enrollment cannot get a sandbox',
  NoAccountYet: 'This enrollment has no account yet: create its sandbox or approve it first',
  SandboxMissing: 'Create the sandbox first',
  NotApproved: 'Approve the enrollment first',
  NotADeveloperAccount: 'This e-mail belongs to an account that cannot be enrolled as a developer',
  DeveloperNotEnrolled: 'Enroll the developer before sending the e-mail',
  EmailNotDelivered: 'The developer e-mail could not be delivered',
  // Form rules (add user on the enrollment page: every field required).
  UserTypeRequired: 'User Type is required.',
  CategoryRequired: 'Category is required.',
  NameRequired: 'Name is required.',
  EmailRequired: 'Email is required.',
  EmailInvalid: 'Invalid email address.',
  PhoneRequired: 'Phone is required.',
  ParentRequired: 'Choose a parent.',
} as const;

export const EnrollmentActionErrorCode = {
  EnrollmentNotFound: 'ENROLLMENT_NOT_FOUND',
  KycUnavailable: 'KYC_UNAVAILABLE',
  KycRequired: 'KYC_REQUIRED',
  AlreadyApproved: 'ENROLLMENT_ALREADY_APPROVED',
  AlreadyRejected: 'ENROLLMENT_ALREADY_REJECTED',
  UnknownParent: 'UNKNOWN_PARENT',
  AmbiguousParent: 'AMBIGUOUS_PARENT',
  ParentCycle: 'PARENT_CYCLE',
  DuplicateEmail: 'USER_EMAIL_TAKEN',
  RejectedNoSandbox: 'ENROLLMENT_REJECTED',
  NoAccountYet: 'ENROLLMENT_HAS_NO_ACCOUNT',
  SandboxMissing: 'SANDBOX_MISSING',
  NotApproved: 'ENROLLMENT_NOT_APPROVED',
  NotADeveloperAccount: 'NOT_A_DEVELOPER_ACCOUNT',
  DeveloperNotEnrolled: 'DEVELOPER_NOT_ENROLLED',
  EmailNotDelivered: 'EMAIL_NOT_DELIVERED',
} as const;

// ---- Shared values ----

export const kycStatuses = ['pending', 'passed', 'failed', 'needs_review'] as const;
export type KycStatus = (typeof kycStatuses)[number];
export const kycOutcomes = ['passed', 'failed', 'needs_review'] as const;
export type KycOutcome = (typeof kycOutcomes)[number];

// User categories and types.
export const userCategories = ['Principal', 'Technology', 'Manager', 'Marketing'] as const;
export type UserCategory = (typeof userCategories)[number];
export const accountUserTypes = ['user', 'contact'] as const;
export type AccountUserType = (typeof accountUserTypes)[number];

// ---- Business rules ----

export type ApprovalFacts = { applicationStatus: ApplicationStatus | null; kycStatus: KycStatus | null };

// A decided application (approved or rejected) is final: neither approved nor rejected again.
export function decisionOf(
  applicationStatus: ApplicationStatus | null,
): 'already_approved' | 'already_rejected' | null {
  if (applicationStatus === 'BOARDED') return 'already_approved';
  if (applicationStatus === 'REJECTED') return 'already_rejected';
  return null;
}

// Approve and Reject are offered only while the application is undecided.
export function isAwaitingDecision(applicationStatus: ApplicationStatus | null): boolean {
  return decisionOf(applicationStatus) === null;
}

// Approval needs an undecided application and a passed KYC: the original approved without looking
// at the KYC result; a failed or review-pending check has to be resolved and run again first.
export function approvalBlocker(
  facts: ApprovalFacts,
): 'already_approved' | 'already_rejected' | 'kyc_not_run' | 'kyc_not_passed' | null {
  const decided = decisionOf(facts.applicationStatus);
  if (decided !== null) return decided;
  if (facts.kycStatus === null || facts.kycStatus === 'pending') return 'kyc_not_run';
  if (facts.kycStatus !== 'passed') return 'kyc_not_passed';
  return null;
}

// Production payments need an approved (Active) account that risk has not frozen.
// A sandbox account (in_development) and a rejected one (Inactive) may not process them.
export function canProcessProductionPayments(account: {
  status: EnrollmentStatus | null;
  isActive: boolean;
}): boolean {
  return account.status === 'Active' && account.isActive;
}

// The KYC result of several checks is the worst of them.
export function overallKycOutcome(outcomes: readonly KycOutcome[]): KycOutcome {
  if (outcomes.includes('failed')) return 'failed';
  if (outcomes.includes('needs_review')) return 'needs_review';
  return 'passed';
}

// ---- KYC ----

export const enrollmentIdBody = z.strictObject({ id: z.uuid() });
export type EnrollmentIdBody = z.infer<typeof enrollmentIdBody>;
export const enrollmentIdQuery = z.object({ id: z.uuid() });

export const kycCheckSchema = z.object({
  // 'Business', 'Principal 1' … 'Principal 4', or 'Applicant' for an agent.
  subject: z.string(),
  outcome: z.enum(kycOutcomes),
  reason: z.string(),
});
export type KycCheck = z.infer<typeof kycCheckSchema>;

// One run as the KYC log shows it (a KYC note of the enrollment).
export const kycLogEntrySchema = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime(),
  status: z.enum(kycOutcomes),
  provider: z.string(),
  reference: z.string(),
  checks: z.array(kycCheckSchema),
  comment: z.string().nullable(),
  author: z.string().nullable(),
});
export type KycLogEntry = z.infer<typeof kycLogEntrySchema>;

// POST /api/kyc {id}: the run just recorded.
export const runKycResponse = successEnvelope(
  z.object({
    enrollment_id: z.uuid(),
    kyc_status: z.enum(kycOutcomes),
    kyc_checked_at: z.iso.datetime(),
    entry: kycLogEntrySchema,
  }),
);

// GET /api/kyc?id=: View KYC and the KYC log: the current status and every run, newest first.
export const kycViewSchema = z.object({
  enrollment_id: z.uuid(),
  kyc_status: z.enum(kycStatuses).nullable(),
  kyc_checked_at: z.iso.datetime().nullable(),
  entries: z.array(kycLogEntrySchema),
});
export type KycView = z.infer<typeof kycViewSchema>;
export const kycViewResponse = successEnvelope(kycViewSchema);

// The data a KYC note stores (notes.data), read back for the log.
export const kycNoteDataSchema = z.object({
  status: z.enum(kycOutcomes),
  provider: z.string(),
  reference: z.string(),
  checks: z.array(kycCheckSchema),
});
export type KycNoteData = z.infer<typeof kycNoteDataSchema>;

// ---- Approve and reject ----

// PATCH /api/enroll/approve {id}. The secret API key is shown by its last four only: the account's
// IDs panel is where it is read in full.
export const approveEnrollmentResponse = successEnvelope(
  z.object({
    enrollment_id: z.uuid(),
    client_id: z.uuid(),
    application_status: z.literal('BOARDED'),
    status: z.literal('Active'),
    is_new_client: z.boolean(),
    public_key: z.string(),
    api_key_last4: z.string(),
  }),
);
export type ApproveEnrollmentResult = z.infer<typeof approveEnrollmentResponse>['message'];

// PATCH /api/enroll/reject {id, reason?}: the reason, when given, is told to the applicant.
export const rejectReasonMaxLength = 500;
export const rejectEnrollmentBody = z.strictObject({
  id: z.uuid(),
  reason: z.string().trim().max(rejectReasonMaxLength).optional(),
});
export type RejectEnrollmentBody = z.infer<typeof rejectEnrollmentBody>;

export const rejectEnrollmentResponse = successEnvelope(
  z.object({
    enrollment_id: z.uuid(),
    client_id: z.uuid().nullable(),
    application_status: z.literal('REJECTED'),
  }),
);

// ---- Hierarchy ----

// GET /api/client/parent: the parents the caller may assign, by legal name.
export const parentOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  legal_name: z.string(),
});
export type ClientParentOption = z.infer<typeof parentOptionSchema>;
export const clientParentsResponse = successEnvelope(z.array(parentOptionSchema));

// POST /api/enroll/hierarchy {enrollid, parent_legal_name}.
export const enrollmentHierarchyBody = z.strictObject({
  enrollid: z.uuid(),
  parent_legal_name: z.string().trim().min(1, EnrollmentActionText.ParentRequired).max(300),
});
export type EnrollmentHierarchyBody = z.infer<typeof enrollmentHierarchyBody>;
export const enrollmentHierarchyResponse = successEnvelope(
  z.object({ enrollment_id: z.uuid(), parent_id: z.uuid(), client_id: z.uuid().nullable() }),
);

// ---- Users and contacts ----

export const clientUsersQuery = z.object({ id: z.uuid() });

export const accountUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  user_type: z.string(),
  label: z.enum(userCategories).nullable(),
  client_id: z.uuid(),
  disabled: z.boolean(),
  is_locked_out: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

// GET /api/client/users?id={clientid}: positional entries whose fourth element is the user:
// [user id, client id, created at, user].
export const clientUserEntrySchema = z.tuple([z.uuid(), z.uuid(), z.iso.datetime(), accountUserSchema]);
export type ClientUserEntry = z.infer<typeof clientUserEntrySchema>;
export const clientUsersResponse = successEnvelope(z.array(clientUserEntrySchema));

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

// POST /api/user/new: every field required, the e-mail lowercased.
export const newUserBody = z.strictObject({
  name: requiredText(EnrollmentActionText.NameRequired, 200),
  email: requiredText(EnrollmentActionText.EmailRequired, 254)
    .transform(normalizeEmailAddress)
    .pipe(z.email(EnrollmentActionText.EmailInvalid)),
  phone: requiredText(EnrollmentActionText.PhoneRequired, 30),
  user_type: z.enum(accountUserTypes, { error: EnrollmentActionText.UserTypeRequired }),
  clientid: z.uuid(),
  label: z.enum(userCategories, { error: EnrollmentActionText.CategoryRequired }),
  disabled: z.boolean(),
});
export type NewUserBody = z.input<typeof newUserBody>;
export const newUserResponse = successEnvelope(accountUserSchema);

// The add-user form of the enrollment page: the same rules, with the choices empty until picked.
export const newUserFormSchema = z.object({
  user_type: z.union([z.enum(accountUserTypes), z.literal('')]).refine((value) => value !== '', {
    message: EnrollmentActionText.UserTypeRequired,
  }),
  label: z.union([z.enum(userCategories), z.literal('')]).refine((value) => value !== '', {
    message: EnrollmentActionText.CategoryRequired,
  }),
  name: z.string().trim().min(1, EnrollmentActionText.NameRequired),
  email: z
    .string()
    .trim()
    .min(1, EnrollmentActionText.EmailRequired)
    .pipe(z.email(EnrollmentActionText.EmailInvalid)),
  phone: z.string().trim().min(1, EnrollmentActionText.PhoneRequired),
});
export type NewUserFormValues = z.input<typeof newUserFormSchema>;

export const emptyNewUserForm: NewUserFormValues = {
  user_type: '',
  label: '',
  name: '',
  email: '',
  phone: '',
};

// The body the form sends: trimmed, the e-mail lowercased, a new account enabled.
export function buildNewUserBody(values: NewUserFormValues, clientId: string): NewUserBody | null {
  const parsed = newUserFormSchema.safeParse(values);
  if (!parsed.success) return null;
  const { user_type: userType, label } = parsed.data;
  return {
    name: parsed.data.name,
    email: normalizeEmailAddress(parsed.data.email),
    phone: parsed.data.phone,
    user_type: userType,
    clientid: clientId,
    label,
    disabled: false,
  };
}

// ---- Sandbox and developer ----

// POST /api/createsandbox?id={enrollment id}.
export const createSandboxResponse = successEnvelope(
  z.object({
    enrollment_id: z.uuid(),
    client_id: z.uuid(),
    is_new_client: z.boolean(),
    status: z.enum(enrollmentStatuses),
    sandbox_api_key_last4: z.string(),
  }),
);

export const developerEnvironments = ['sandbox', 'production'] as const;
export type DeveloperEnvironment = (typeof developerEnvironments)[number];

// POST /api/enroll/developer: the lead developer gets a portal account on the enrollment's account.
export const enrollDeveloperBody = z.strictObject({
  id: z.uuid(),
  name: requiredText(EnrollmentActionText.NameRequired, 200),
  email: requiredText(EnrollmentActionText.EmailRequired, 254)
    .transform(normalizeEmailAddress)
    .pipe(z.email(EnrollmentActionText.EmailInvalid)),
  environment: z.enum(developerEnvironments),
});
export type EnrollDeveloperBody = z.input<typeof enrollDeveloperBody>;
export const enrollDeveloperResponse = successEnvelope(
  z.object({
    user_id: z.uuid(),
    client_id: z.uuid(),
    environment: z.enum(developerEnvironments),
    is_new_user: z.boolean(),
  }),
);

// POST /api/enroll/developer/email: the developer's instructions.
export const developerEmailBody = z.strictObject({
  id: z.uuid(),
  email: requiredText(EnrollmentActionText.EmailRequired, 254)
    .transform(normalizeEmailAddress)
    .pipe(z.email(EnrollmentActionText.EmailInvalid)),
});
export type DeveloperEmailBody = z.input<typeof developerEmailBody>;
// pending: stored in the outbox (no SMTP configured); sent: accepted by the SMTP server.
export const developerEmailResponse = successEnvelope(z.object({ delivery: z.enum(['sent', 'pending']) }));

// The developer form of the certification panel.
export const developerFormSchema = z.object({
  name: z.string().trim().min(1, EnrollmentActionText.NameRequired),
  email: z
    .string()
    .trim()
    .min(1, EnrollmentActionText.EmailRequired)
    .pipe(z.email(EnrollmentActionText.EmailInvalid)),
});
export type DeveloperFormValues = z.input<typeof developerFormSchema>;
