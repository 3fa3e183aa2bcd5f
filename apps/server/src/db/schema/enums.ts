import { ownershipTypes } from '@portico/contracts/enrollment/enroll';
import { noteCategories } from '@portico/contracts/notes/notes';
import { payoutItemKinds } from '@portico/contracts/statements/payout-lines';
import {
  actionModes,
  proPayStatuses,
  transactionTypes,
} from '@portico/contracts/transactions/transaction-enums';
import { pgEnum } from 'drizzle-orm/pg-core';

// The product's closed lists become Postgres enums; values keep the API's spelling so it needs
// no mapping. Lists the product leaves open (card brands, processor status texts) stay text.

// The user roles, plus 'contact' (a person on an account who never signs in).
export const userType = pgEnum('user_type', ['admin', 'user', 'parent', 'healnow', 'alpha', 'contact']);

// User categories (the "label" of a user or contact).
export const userLabel = pgEnum('user_label', ['Principal', 'Technology', 'Manager', 'Marketing']);

export const clientLevel = pgEnum('client_level', ['Parent', 'Merchant']);

// Client statuses; "New" is stored as null.
export const clientStatus = pgEnum('client_status', [
  'cta_sent',
  'cta_signed',
  'in_development',
  'onboarding',
  'Active',
  'Inactive',
]);

// Whether a merchant may transact (freeze / unfreeze history).
export const merchantState = pgEnum('merchant_state', ['Active', 'Frozen']);

export const applicationType = pgEnum('application_type', ['Merchant', 'Partner', 'Agent']);

// Enrollment statuses; a freshly submitted application is null until reviewed.
export const applicationStatus = pgEnum('application_status', [
  'SEND LINK',
  'PENDING',
  'BOARDED',
  'REJECTED',
]);

// KYC runs at an outside service; these are the outcomes the portal records.
export const kycStatus = pgEnum('kyc_status', ['pending', 'passed', 'failed', 'needs_review']);

// Union of the enroll page's list and the account page's, which also offers 'Government'.
export const ownershipType = pgEnum('ownership_type', [...ownershipTypes, 'Government']);

// Bank account types; settlement accounts use only checking and savings.
export const bankAccountType = pgEnum('bank_account_type', ['checking', 'savings', 'business']);

// Configured processors per rail; "disabled" / false is stored as null.
export const cardProcessor = pgEnum('card_processor', ['fis', 'merchante', 'bluesnap', 'epx', 'propay']);
export const achProcessor = pgEnum('ach_processor', ['xpress', 'propay']);
export const cryptoProvider = pgEnum('crypto_provider', ['curpay', 'forumpay']);

// Every processor a transaction, fee or cost model can name.
export const processor = pgEnum('processor', [
  'fis',
  'merchante',
  'bluesnap',
  'epx',
  'propay',
  'xpress',
  'curpay',
  'forumpay',
]);

// Union of the enroll page's providers (fis shown as Ingenico, dejavoo, tpp) and the account
// configuration's (dejavoo, pax, magtek). The enroll page spells Dejavoo 'dejavooo'; we store the
// correct spelling.
export const terminalProvider = pgEnum('terminal_provider', ['fis', 'dejavoo', 'pax', 'magtek', 'tpp']);

// Terminal device types.
export const terminalDeviceType = pgEnum('terminal_device_type', ['PAX', 'NEWPOS', 'Dejavoo']);

export const payoutMode = pgEnum('payout_mode', [
  'split_settlement',
  'dynamic_payout_weekly',
  'dynamic_payout_monthly',
]);

// A client's enroll_email setting takes false, true or custom; kept as those words.
export const welcomeEmailMode = pgEnum('welcome_email_mode', ['false', 'true', 'custom']);

export const noteCategory = pgEnum('note_category', noteCategories);

// A transaction's type.
export const transactionType = pgEnum('transaction_type', transactionTypes);

// A transaction's action_mode; it decides the sign of an amount in gross and net.
export const actionMode = pgEnum('action_mode', actionModes);

export const proPayStatus = pgEnum('pro_pay_status', proPayStatuses);

export const payoutStatus = pgEnum('payout_status', ['scheduled', 'paid', 'held', 'failed']);

// What a settled transaction was paid as (contracts statements/payout-lines.ts payoutItemKindOf).
export const payoutItemKind = pgEnum('payout_item_kind', payoutItemKinds);

export const subscriptionInterval = pgEnum('subscription_interval', ['daily', 'weekly', 'monthly', 'yearly']);

export const subscriptionChargeStatus = pgEnum('subscription_charge_status', [
  'scheduled',
  'succeeded',
  'failed',
  'skipped',
]);

// Vault token issuers.
export const vaultIssuer = pgEnum('vault_issuer', ['VISA', 'MC', 'DISC', 'AMEX', 'BANK', 'CARD']);

// Types of a sub-location custom field (merchant_sub_entity_custom_fields).
export const customFieldType = pgEnum('custom_field_type', ['text', 'number']);

// Merchant-count bands of the developer registration.
export const merchantCountBand = pgEnum('merchant_count_band', [
  '0-50',
  '51-200',
  '201-500',
  '501-1000',
  '1000+',
]);

// verify_email: proves the mailbox of a social sign-in whose provider did not verify the address.
// password_reset: the 'Forgot password?' link, which sets a new password.
export const loginTokenPurpose = pgEnum('login_token_purpose', [
  'sign_in',
  'mimic',
  'verify_email',
  'password_reset',
]);

export const emailStatus = pgEnum('email_status', ['pending', 'sending', 'sent', 'failed']);

export const auditOutcome = pgEnum('audit_outcome', ['success', 'denied', 'failure']);
