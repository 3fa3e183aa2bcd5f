import { z } from 'zod';
import type { PermissionName } from '../access/permission-names';
import type { UserType } from '../auth/roles';
import { successEnvelope } from '../common/envelope';
import { parseJsonObject } from '../common/json-object';
import { isValidRoutingNumber } from '../enrollment/click-to-agree';
import { zipPattern } from '../enrollment/enroll';
import {
  amountPattern,
  EnrollmentRecordText,
  emailPattern,
  flatRatePattern,
  interchangePlusPattern,
  isMaskedValue,
  maskedDateOfBirth,
  percentPattern,
  type SensitiveChange,
  statePattern,
} from '../enrollment/enrollment-record';
import { parseDecimalToCents } from '../money/money';
import {
  type AccountFieldKind,
  type AccountFieldName,
  type AccountSection,
  accountFieldDefinitions,
  accountFieldNames,
  accountSections,
  canPauseSettlement,
  isMaskedSecret,
  isSensitiveField,
  keystoreFieldNames,
} from './account-fields';
import { locationCustomFieldSchema } from './location-custom-fields';
import { isCardRateBelowFloor, SubpricingText, subpricingRowSchema } from './subpricing';

// The account detail page's record, its edit call and its texts.

export const AccountText = {
  Updated: 'Update successful.',
  UpdateFailed: 'An error occurred while updating client data:',
  ConfirmSave: 'Save the changes to this account?',
  LogoUploaded: 'Logo Uploaded!',
  LogoFailed: 'Error with logo upload',
  LogoNotImage: 'The logo must be a PNG or JPEG image.',
  ParentChanged: 'Parent changed successfully!',
  ParentChangeFailed: 'Failed to change parent. Please try again.',
  NotFound: 'Account not found',
  MetaNotJson: 'meta must be the account as a JSON object',
  IdMismatch: 'The account id in meta does not match the address.',
  RoutingNumberInvalid: 'Routing number must be 9 digits with a valid check digit.',
  MccRateBelowFloor: SubpricingText.CardRateBelowFloor,
  MccUnknown: 'Unknown MCC code.',
  SectionNotAllowed: 'You may not change these fields of this account.',
  RevealNotAllowed: 'You may not reveal this field.',
  NothingToReveal: 'This field holds no value.',
  NoEvents: 'No events found',
  BankChangedSubject: 'The payout bank account of your account was changed',
  WholePercentInvalid: 'Enter a whole percent from 0 to 100.',
  ChildHighTicketBelowAverage: 'The default high ticket may not be below the default average ticket.',
  ChildHighVolumeBelowVolume: 'The default monthly high volume may not be below the default monthly volume.',
  PauseNotAllowed: 'Settlement of a Bluesnap account cannot be paused.',
} as const;

// A processor identifier that breaks its rule, named by its label.
export const KeystoreText = {
  numericInvalid: (label: string) => `${label} must be digits only (at most 20).`,
  textInvalid: (label: string) =>
    `${label} must be letters, digits and symbols without spaces (at most 200).`,
  secretInvalid: (label: string) => `${label} must be 8 to 200 letters, digits and symbols without spaces.`,
} as const;

export function updateFailedText(serverMessage: string): string {
  const detail = serverMessage.trim();
  return detail === '' ? AccountText.UpdateFailed : `${AccountText.UpdateFailed} ${detail}`;
}

export const AccountErrorCode = {
  NotFound: 'ACCOUNT_NOT_FOUND',
  SectionNotAllowed: 'ACCOUNT_SECTION_NOT_ALLOWED',
  MccRateBelowFloor: 'MCC_RATE_BELOW_FLOOR',
  MccUnknown: 'MCC_UNKNOWN',
  LogoNotImage: 'LOGO_NOT_IMAGE',
  UnknownParent: 'UNKNOWN_PARENT',
  ParentCycle: 'PARENT_CYCLE',
  NothingToReveal: 'NOTHING_TO_REVEAL',
  ChildLimitsInvalid: 'ACCOUNT_CHILD_LIMITS_INVALID',
  PauseNotAllowed: 'ACCOUNT_PAUSE_NOT_ALLOWED',
} as const;

// ---- Who sees and changes what on the detail page ----

export type AccountViewer = {
  actingRole: UserType;
  isProcessorAuditUser: boolean;
  // The caller's effective permissions on this account (all of them for staff).
  permissions: readonly PermissionName[];
  // The caller is a member of this very account (not of a parent above it).
  isOwnAccount: boolean;
};
export type AccountFacts = { level: 'Parent' | 'Merchant'; payment: string | null; cardRate: string | null };

const staffRoles: readonly UserType[] = ['admin', 'healnow'];
export function isStaffViewer(viewer: AccountViewer): boolean {
  return staffRoles.includes(viewer.actingRole);
}

// EPX interchange fields show for EPX accounts whose card rate begins with 'IC', to users
// holding the permissions permission.
export function showsInterchangeFields(viewer: AccountViewer, facts: AccountFacts): boolean {
  return (
    facts.payment === 'epx' &&
    (facts.cardRate ?? '').trim().toUpperCase().startsWith('IC') &&
    viewer.permissions.includes('Permissions')
  );
}

// A processor-audit user has these sections hidden.
const hiddenFromProcessorAudit: readonly AccountSection[] = [
  'principals',
  'bank',
  'interchange',
  'submerchant',
  'settings',
  'features',
];
const pricingSections: readonly AccountSection[] = ['processing', 'risk', 'schedule_a', 'interchange'];
const permissionsSections: readonly AccountSection[] = ['bank', 'settings', 'features', 'submerchant'];
// The processors issue these identifiers and staff record them: nobody else changes them.
const staffEditedSections: readonly AccountSection[] = ['keystore'];

export function visibleAccountSections(viewer: AccountViewer, facts: AccountFacts): AccountSection[] {
  const isStaff = isStaffViewer(viewer);
  const holdsPermissions = viewer.permissions.includes('Permissions');
  return accountSections.filter((section) => {
    if (viewer.isProcessorAuditUser && hiddenFromProcessorAudit.includes(section)) return false;
    if (section === 'submerchant' && facts.level !== 'Parent') return false;
    if (section === 'interchange') return showsInterchangeFields(viewer, facts);
    if (isStaff) return true;
    // Processor identifiers: the reseller and the merchant's administrators see which IDs it runs on.
    if (section === 'keystore') return viewer.actingRole === 'parent' || holdsPermissions;
    if (permissionsSections.includes(section)) return holdsPermissions;
    // Parents see processing and Schedule A fees; the risk limits and owners stay with staff and the
    // merchant itself.
    if (viewer.actingRole === 'parent') return section !== 'principals' && section !== 'risk';
    return !pricingSections.includes(section);
  });
}

// Edit and Save: admin or holders of Merchant Accounts; never a processor-audit user.
export function canEditAccount(viewer: AccountViewer): boolean {
  if (viewer.isProcessorAuditUser) return false;
  return isStaffViewer(viewer) || viewer.permissions.includes('Merchant Accounts');
}

// What a caller may change: the sections it sees, pricing only from above (staff, or a parent on an
// account below it: nobody prices their own account).
export function editableAccountSections(viewer: AccountViewer, facts: AccountFacts): AccountSection[] {
  if (!canEditAccount(viewer)) return [];
  const isStaff = isStaffViewer(viewer);
  return visibleAccountSections(viewer, facts).filter((section) => {
    if (staffEditedSections.includes(section)) return isStaff;
    return isStaff || !pricingSections.includes(section) || !viewer.isOwnAccount;
  });
}

// The level selector is staff only. So are the settings a parent hands its new
// sub-merchants beyond processors and rates: its own revenue share, the risk limits (parents do not
// see Risk Settings), skipping review and pausing settlement are decided above the parent.
export const staffOnlyAccountFields: ReadonlySet<AccountFieldName> = new Set<AccountFieldName>([
  'level',
  'child_onboard',
  'child_rev_share',
  'child_avg_ticket',
  'child_high_ticket',
  'child_monthly_volume',
  'child_monthly_high_volume',
  'child_enroll_email',
  'child_pause_settlement',
]);

export function canEditField(viewer: AccountViewer, field: AccountFieldName): boolean {
  return !staffOnlyAccountFields.has(field) || isStaffViewer(viewer);
}

// The limits a new sub-merchant inherits must make sense together: a high ticket below the average
// ticket, or a high monthly volume below the monthly volume, would flag every normal payment.
const childLimitPairs = [
  { high: 'child_high_ticket', low: 'child_avg_ticket', message: AccountText.ChildHighTicketBelowAverage },
  {
    high: 'child_monthly_high_volume',
    low: 'child_monthly_volume',
    message: AccountText.ChildHighVolumeBelowVolume,
  },
] as const satisfies readonly { high: AccountFieldName; low: AccountFieldName; message: string }[];

// The problems of the account's values as they would be after a save, by the high field; only pairs
// the save touches count, so a save elsewhere on the page never fails on values it left alone.
export function childLimitProblems(
  values: Partial<Record<AccountFieldName, AccountFieldValue>>,
  changed: ReadonlySet<string>,
): { field: AccountFieldName; message: string }[] {
  const centsOf = (value: AccountFieldValue | undefined) =>
    typeof value === 'string' ? parseDecimalToCents(value) : null;
  return childLimitPairs.flatMap(({ high, low, message }) => {
    if (!changed.has(high) && !changed.has(low)) return [];
    const highCents = centsOf(values[high]);
    const lowCents = centsOf(values[low]);
    return highCents !== null && lowCents !== null && highCents < lowCents ? [{ field: high, message }] : [];
  });
}

// Paused settlement is not offered for Bluesnap: a save that pauses a Bluesnap account, or moves a
// paused one to Bluesnap, is refused. Only saves touching either field count.
export function pauseSettlementProblem(
  values: Partial<Record<AccountFieldName, AccountFieldValue>>,
  changed: ReadonlySet<string>,
): string | null {
  if (!changed.has('pause_settlement') && !changed.has('payment')) return null;
  const payment = typeof values.payment === 'string' ? values.payment : null;
  return values.pause_settlement === true && !canPauseSettlement(payment)
    ? AccountText.PauseNotAllowed
    : null;
}

// Revealing a sensitive value: staff, or holders of the permissions permission on the account.
export function canRevealAccountFields(viewer: AccountViewer): boolean {
  if (viewer.isProcessorAuditUser) return false;
  return isStaffViewer(viewer) || viewer.permissions.includes('Permissions');
}

// ---- MCC card-rate floor ----

// What the page does on change: a lower value is replaced by the base rate.
export function applyMccFloor(rate: string, baseRate: string | null): string {
  return baseRate !== null && isCardRateBelowFloor(rate, baseRate) ? baseRate : rate;
}

// ---- GET /api/account/{clientid} ----

export type AccountFieldValue = string | boolean | null;
const fieldValue = z.union([z.string(), z.boolean(), z.null()]);

export const accountDetailParams = z.object({ clientid: z.uuid() });

export const accountViewSchema = z.object({
  sections: z.array(z.enum(accountSections)),
  editable_sections: z.array(z.enum(accountSections)),
  can_edit: z.boolean(),
  can_reveal: z.boolean(),
  is_staff: z.boolean(),
  can_change_parent: z.boolean(),
  can_change_level: z.boolean(),
  // Links menu entries.
  shows_full_data: z.boolean(),
  shows_review_links: z.boolean(),
  shows_enablement_options: z.boolean(),
  shows_payment_page: z.boolean(),
  // Users & Contacts: staff and parents (the users calls are theirs).
  shows_users_contacts: z.boolean(),
  // The processor identifiers the account's stored processors use (keystoreFieldsFor).
  keystore_fields: z.array(z.enum(keystoreFieldNames)),
});
export type AccountView = z.infer<typeof accountViewSchema>;

const keystoreSchema = z
  .object(Object.fromEntries(keystoreFieldNames.map((name) => [name, z.string().nullable()])))
  .superRefine((keystore, ctx) => {
    for (const name of ['epx_external_key', 'b_id'] as const) {
      const value = keystore[name];
      if (typeof value === 'string' && !isMaskedSecret(value)) {
        ctx.addIssue({ code: 'custom', message: 'secret identifier not masked', path: [name] });
      }
    }
  });

export const accountDetailSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    level: z.enum(['Parent', 'Merchant']),
    parent: z.object({ id: z.uuid(), name: z.string(), hashcode: z.string().nullable() }).nullable(),
    enrollment_id: z.uuid().nullable(),
    updated_at: z.iso.datetime({ offset: true }),
    mid: z.string().nullable(),
    public_key: z.string(),
    // The secret API key: staff only (IDs and Full Data panel).
    api_key: z.string().nullable(),
    has_logo: z.boolean(),
    // The stored logo as a data URL (image/png or image/jpeg), null when none was uploaded.
    logo: z
      .string()
      .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/)
      .nullable(),
    country: z.string().length(2),
    // The processor identifiers, secrets masked; null when the caller does not see them.
    keystore: keystoreSchema.nullable(),
    // The crypto settlement wallet address; null when unset or not in the caller's view.
    wallet: z.string().nullable(),
    // Pricing per MCC code (the subpricing rows); null when the caller does not see pricing.
    mccConfigs: z.array(subpricingRowSchema).nullable(),
    whitelabel: z
      .object({ color: z.string().nullable(), logo_url: z.string().nullable(), entity_name: z.string() })
      .nullable(),
    // Only the fields of the sections in view.sections; sensitive ones masked.
    fields: z.record(z.string(), fieldValue),
    // Settings' location custom fields, by name; null when Settings is not in view. Sent with the
    // record so the page's first paint is one round of requests.
    location_custom_fields: z.array(locationCustomFieldSchema).nullable(),
    view: accountViewSchema,
  })
  .superRefine((account, ctx) => {
    // A clear sensitive value can never be serialised.
    for (const [name, value] of Object.entries(account.fields)) {
      if (!Object.hasOwn(accountFieldDefinitions, name)) {
        ctx.addIssue({ code: 'custom', message: `unknown field ${name}`, path: ['fields', name] });
        continue;
      }
      const field = accountFieldNames.find((candidate) => candidate === name);
      const isSensitive = field !== undefined && isSensitiveField(field);
      const isMasked =
        typeof value === 'string' &&
        (field !== undefined && accountFieldDefinitions[field].kind === 'secret_id'
          ? isMaskedSecret(value)
          : isMaskedValue(value));
      if (isSensitive && value !== null && !isMasked) {
        ctx.addIssue({ code: 'custom', message: 'sensitive value not masked', path: ['fields', name] });
      }
    }
  });
export type AccountDetail = z.infer<typeof accountDetailSchema>;
export const accountDetailResponse = successEnvelope(accountDetailSchema);

// ---- PATCH /api/client/{clientid} ----

export type AccountEditValue = AccountFieldValue | SensitiveChange;

function textEdit(max: number, pattern?: RegExp, message = 'Invalid value') {
  return z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value, ctx): string | null => {
      if (value === null || value === '') return null;
      if (pattern && !pattern.test(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

// A mask sent back means "unchanged", blank clears, and only a full clear value replaces the stored one.
function sensitiveEdit(isValid: (text: string) => boolean, message: string, max = 40) {
  return z
    .string()
    .max(max)
    .nullable()
    .transform((value, ctx): SensitiveChange => {
      const text = value?.trim() ?? '';
      if (text === '') return { kind: 'clear' };
      if (isMaskedValue(text) || isMaskedSecret(text) || text === maskedDateOfBirth) return { kind: 'keep' };
      if (!isValid(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return { kind: 'set', value: text };
    });
}

const bpsPattern = /^\d{1,4}(\.\d{1,3})?$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) => datePattern.test(text) && z.iso.date().safeParse(text).success;

// Identifiers as processors print them: no spaces, printable ASCII.
const numericIdPattern = /^\d{1,20}$/;
const textIdPattern = /^[\x21-\x7E]{1,200}$/;
const secretIdPattern = /^[\x21-\x7E]{8,200}$/;

function editSchemaOf(kind: AccountFieldKind, options: readonly string[] | undefined, label: string) {
  switch (kind) {
    case 'numeric_id':
      // The patterns hold the lengths, so a long value gets the field's own message.
      return textEdit(1000, numericIdPattern, KeystoreText.numericInvalid(label));
    case 'text_id':
      return textEdit(1000, textIdPattern, KeystoreText.textInvalid(label));
    case 'secret_id':
      return sensitiveEdit((text) => secretIdPattern.test(text), KeystoreText.secretInvalid(label), 1000);
    case 'text':
      return textEdit(300);
    case 'long_text':
      return textEdit(5000);
    case 'email':
      return textEdit(254, emailPattern, 'Enter a valid email address.').transform((value) =>
        value === null ? null : value.toLowerCase(),
      );
    case 'enum':
      return textEdit(60).refine((value) => value === null || (options ?? []).includes(value), {
        message: `Choose one of: ${(options ?? []).join(', ')}`,
      });
    case 'boolean':
      return z.boolean();
    case 'money':
      return textEdit(16, amountPattern, EnrollmentRecordText.AmountInvalid);
    case 'rate':
      return textEdit(40).refine(
        (value) => value === null || flatRatePattern.test(value) || interchangePlusPattern.test(value),
        { message: EnrollmentRecordText.RateInvalid },
      );
    case 'flat_rate':
      return textEdit(40, flatRatePattern, EnrollmentRecordText.FlatRateInvalid);
    case 'bps':
      return textEdit(10, bpsPattern, 'Enter basis points (9 means .09).');
    case 'percent':
      return textEdit(10, percentPattern, EnrollmentRecordText.PercentInvalid).refine(
        (value) => value === null || Number(value) <= 100,
        { message: EnrollmentRecordText.PercentInvalid },
      );
    case 'whole_percent':
      return textEdit(10, /^\d{1,3}$/, AccountText.WholePercentInvalid).refine(
        (value) => value === null || Number(value) <= 100,
        { message: AccountText.WholePercentInvalid },
      );
    case 'integer':
      return textEdit(9, /^\d{1,9}$/, 'Enter a whole number.');
    case 'date':
      return textEdit(10).refine((value) => value === null || isDate(value), {
        message: 'Enter a date as YYYY-MM-DD.',
      });
    case 'state':
      return textEdit(2, statePattern, EnrollmentRecordText.StateInvalid);
    case 'zip':
      return textEdit(10, zipPattern, 'Enter a 5-digit ZIP code.');
    case 'mcc':
      return textEdit(4, /^\d{4}$/, EnrollmentRecordText.MccInvalid);
    case 'tax_id':
      return sensitiveEdit((text) => /^\d{2}-?\d{7}$/.test(text), EnrollmentRecordText.TaxIdInvalid);
    case 'ssn':
      return sensitiveEdit((text) => /^\d{3}-?\d{2}-?\d{4}$/.test(text), EnrollmentRecordText.SsnInvalid);
    case 'date_of_birth':
      return sensitiveEdit(isDate, EnrollmentRecordText.DateOfBirthInvalid);
    case 'account_number':
      return sensitiveEdit((text) => /^\d{4,17}$/.test(text), EnrollmentRecordText.AccountNumberInvalid);
    case 'routing_number':
      return sensitiveEdit(isValidRoutingNumber, AccountText.RoutingNumberInvalid);
  }
}

const editShape: Record<string, z.ZodType<AccountEditValue | undefined, unknown>> = Object.fromEntries(
  accountFieldNames.map((name) => {
    const definition = accountFieldDefinitions[name];
    return [name, editSchemaOf(definition.kind, definition.options, definition.label).optional()];
  }),
);

// Strict: a key that is not a field of the account is refused (400), not ignored.
export const accountEditMeta = z.strictObject({ id: z.uuid().optional(), ...editShape });
export type AccountEditMeta = { id?: string } & Partial<Record<AccountFieldName, AccountEditValue>>;

// The edit's body: { meta: the account as a JSON string }.
export const accountEditBody = z.strictObject({
  meta: z.string().max(200_000).transform(parseJsonObject(AccountText.MetaNotJson)).pipe(accountEditMeta),
});
export const accountEditResponse = successEnvelope(
  z.object({ id: z.uuid(), updated_at: z.iso.datetime({ offset: true }), changed: z.array(z.string()) }),
);

// ---- Reveal (a separate, permissioned, audited call) ----

export const accountRevealBody = z.strictObject({
  field: z
    .string()
    .refine((name) => accountFieldNames.some((field) => field === name && isSensitiveField(field)), {
      message: 'Not a sensitive field of the account',
    }),
});
export const accountRevealResponse = successEnvelope(z.object({ field: z.string(), value: z.string() }));

// ---- Events: the account's change history ----

export const accountEventChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export const accountEventSchema = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime({ offset: true }),
  action: z.string(),
  actor: z.string().nullable(),
  changes: z.array(accountEventChangeSchema),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;
export const accountEventsResponse = successEnvelope(z.array(accountEventSchema));

// ---- Side calls of the detail page ----

export const mccListResponse = successEnvelope(
  z.array(z.object({ mcc_code: z.string(), label: z.string(), card_rate: z.string() })),
);

export const isParentMerchantResponse = successEnvelope(z.object({ level: z.enum(['Parent', 'Merchant']) }));

export const clientHierarchyBody = z.strictObject({
  clientid: z.uuid(),
  parent_legal_name: z.string().trim().min(1).max(300),
});
export const clientHierarchyResponse = successEnvelope(
  z.object({ client_id: z.uuid(), parent_id: z.uuid() }),
);

// POST /api/logo {document:{name, extension, content base64}}; the account is named by
// client_id because the portal signs in with a session, not the account's API key.
export const logoExtensions = ['png', 'jpeg', 'jpg'] as const;
export const logoMaxBytes = 1_000_000;
export const logoUploadBody = z.strictObject({
  client_id: z.uuid(),
  document: z.strictObject({
    name: z.string().trim().min(1).max(255),
    extension: z.enum(logoExtensions),
    // base64 of at most logoMaxBytes bytes (a data URL prefix is accepted).
    content: z.string().min(1).max(1_400_100),
  }),
});
export type LogoUploadBody = z.infer<typeof logoUploadBody>;
export const logoUploadResponse = successEnvelope(z.object({ client_id: z.uuid() }));

export const kycReportQuery = z.object({ client_id: z.uuid() });

export const payoutVolumeResponse = successEnvelope(
  z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), total: z.string() })),
);

export function labelOfField(name: string): string {
  const field = accountFieldNames.find((candidate) => candidate === name);
  if (field !== undefined) return accountFieldDefinitions[field].label;
  // Changes made by the account's own calls rather than its field table.
  return name === 'location_custom_fields' ? 'Location Custom Fields' : name;
}
