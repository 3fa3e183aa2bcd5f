import { ownershipTypes } from '@portico/contracts/enrollment/enroll';
import { noteCategories } from '@portico/contracts/notes/notes';
import {
  actionModes,
  proPayStatuses,
  transactionTypes,
} from '@portico/contracts/transactions/transaction-enums';
import { pgEnum } from 'drizzle-orm/pg-core';

// Closed lists from the spec become Postgres enums; values keep the spec's spelling so the API needs
// no mapping. Lists the spec leaves open (card brands, processor status texts) stay text.

// Spec 1 §1/§3 roles, plus spec 2's 'contact' (a person on an account who never signs in).
export const userType = pgEnum('user_type', ['admin', 'user', 'parent', 'healnow', 'alpha', 'contact']);

// Spec 2 §9 user categories (the "label" of a user or contact).
export const userLabel = pgEnum('user_label', ['Principal', 'Technology', 'Manager', 'Marketing']);

export const clientLevel = pgEnum('client_level', ['Parent', 'Merchant']);

// Spec 1 §3 client statuses; "New" is stored as null.
export const clientStatus = pgEnum('client_status', [
  'cta_sent',
  'cta_signed',
  'in_development',
  'onboarding',
  'Active',
  'Inactive',
]);

// Spec 3 §3 merchant transaction state (freeze / unfreeze history).
export const merchantState = pgEnum('merchant_state', ['Active', 'Frozen']);

export const applicationType = pgEnum('application_type', ['Merchant', 'Partner', 'Agent']);

// Spec 1 §3 enrollment statuses; a freshly submitted application is null until reviewed.
export const applicationStatus = pgEnum('application_status', [
  'SEND LINK',
  'PENDING',
  'BOARDED',
  'REJECTED',
]);

// KYC runs at an outside service; these are the outcomes the portal records.
export const kycStatus = pgEnum('kyc_status', ['pending', 'passed', 'failed', 'needs_review']);

// Union of spec 1 §3 (the enroll page's list) and spec 2 §5 (the account page also offers 'Government').
export const ownershipType = pgEnum('ownership_type', [...ownershipTypes, 'Government']);

// Spec 1 §3 account types; spec 2 settlement accounts use only checking and savings.
export const bankAccountType = pgEnum('bank_account_type', ['checking', 'savings', 'business']);

// Configured processors per rail (spec 2 §3 config); "disabled" / false is stored as null.
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

// Union of spec 1 §3 (fis shown as Ingenico, dejavoo, tpp) and spec 2 §3 (dejavoo, pax, magtek).
// Spec 1 spells Dejavoo 'dejavooo'; we store the correct spelling.
export const terminalProvider = pgEnum('terminal_provider', ['fis', 'dejavoo', 'pax', 'magtek', 'tpp']);

// Spec 3 §3 terminal device types.
export const terminalDeviceType = pgEnum('terminal_device_type', ['PAX', 'NEWPOS', 'Dejavoo']);

export const payoutMode = pgEnum('payout_mode', [
  'split_settlement',
  'dynamic_payout_weekly',
  'dynamic_payout_monthly',
]);

// Spec 2 §3 config.enroll_email takes false, true or custom; kept as the spec's words.
export const welcomeEmailMode = pgEnum('welcome_email_mode', ['false', 'true', 'custom']);

export const noteCategory = pgEnum('note_category', noteCategories);

// Spec 3 §3 Transaction.type.
export const transactionType = pgEnum('transaction_type', transactionTypes);

// Spec 3 §3 Transaction.action_mode; it decides the sign of an amount in gross and net (spec 3 §9).
export const actionMode = pgEnum('action_mode', actionModes);

export const proPayStatus = pgEnum('pro_pay_status', proPayStatuses);

export const payoutStatus = pgEnum('payout_status', ['scheduled', 'paid', 'held', 'failed']);

export const subscriptionInterval = pgEnum('subscription_interval', ['daily', 'weekly', 'monthly', 'yearly']);

export const subscriptionChargeStatus = pgEnum('subscription_charge_status', [
  'scheduled',
  'succeeded',
  'failed',
  'skipped',
]);

// Spec 2 §3 vault token issuers.
export const vaultIssuer = pgEnum('vault_issuer', ['VISA', 'MC', 'DISC', 'AMEX', 'BANK', 'CARD']);

// Spec 2 §3 merchant_sub_entity_custom_fields types.
export const customFieldType = pgEnum('custom_field_type', ['text', 'number']);

// Spec 2 §2.4 merchant-count bands of the developer registration.
export const merchantCountBand = pgEnum('merchant_count_band', [
  '0-50',
  '51-200',
  '201-500',
  '501-1000',
  '1000+',
]);

// verify_email: proves the mailbox of a social sign-in whose provider did not verify the address.
export const loginTokenPurpose = pgEnum('login_token_purpose', ['sign_in', 'mimic', 'verify_email']);

export const emailStatus = pgEnum('email_status', ['pending', 'sending', 'sent', 'failed']);

export const auditOutcome = pgEnum('audit_outcome', ['success', 'denied', 'failure']);
