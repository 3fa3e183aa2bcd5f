import {
  EnablementErrorCode,
  type EnablementProcessor,
  type EnablementState,
  type EnablementStatus,
  EnablementText,
  type EpxEnableBody,
  type EpxEnableResult,
  type ForumPayEnableResult,
  type ProPayEnableResult,
  type ProPaySsoResult,
  proPaySuccessCode,
} from '@portico/contracts/processor-enablement/processor-enablement';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db, Executor } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { EpxApplication, OnboardingApplicant } from '../../integrations/onboarding/processor-onboarding';
import type { SandboxOnboarding } from '../../integrations/onboarding/sandbox-onboarding';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { lastFour } from '../../lib/masking';
import {
  findEnablementState,
  insertEnablementEvent,
  type LockedApplicant,
  lockApplicant,
  saveForumPayConfig,
  saveKeystore,
} from './processor-enablement.repository';

export const EnablementError = defineErrors({
  ClientNotFound: [EnablementErrorCode.ClientNotFound, 'not_found'],
  NotAMerchant: [EnablementErrorCode.NotAMerchant, 'business_rule'],
  EpxAlreadyEnabled: [EnablementErrorCode.EpxAlreadyEnabled, 'conflict'],
  EpxNotEnabled: [EnablementErrorCode.EpxNotEnabled, 'conflict'],
  ForumPayAlreadyEnabled: [EnablementErrorCode.ForumPayAlreadyEnabled, 'conflict'],
  CryptoProviderInUse: [EnablementErrorCode.CryptoProviderInUse, 'conflict'],
  ProPayNotEnrolled: [EnablementErrorCode.ProPayNotEnrolled, 'conflict'],
});

export type EnablementDeps = {
  db: Db;
  onboarding: () => SandboxOnboarding;
  cipher: () => FieldCipher;
  now: () => Date;
};

// ForumPay boards the merchant; its KYC then runs through the crypto provider's page (modules/crypto).
export const forumPayBoardedState = 'pending';

function applicantOf(locked: LockedApplicant): OnboardingApplicant {
  return {
    clientId: locked.client.id,
    legalName: locked.client.legalName,
    taxIdLast4: locked.client.taxIdLast4,
    hasPayoutAccount: locked.hasPayoutAccount,
  };
}

async function lockMerchant(tx: Executor, clientId: string): Promise<LockedApplicant> {
  const locked = await lockApplicant(tx, clientId);
  // Only staff reach this (others are refused by role first), so a 404 tells nothing away.
  if (!locked) throw EnablementError.ClientNotFound(EnablementText.ClientNotFound);
  if (locked.client.level !== 'Merchant') throw EnablementError.NotAMerchant(EnablementText.NotAMerchant);
  return locked;
}

type Outcome = {
  clientId: string;
  processor: EnablementProcessor;
  status: EnablementStatus;
  message: string;
  details: Record<string, string | boolean | null>;
};

// The Events panel entry and the audit trail commit with the change they describe.
async function record(tx: Executor, caller: Caller, outcome: Outcome): Promise<void> {
  await insertEnablementEvent(tx, { ...outcome, userId: caller.session.userId });
  await recordAudit(tx, {
    action: 'processor.enable',
    outcome: outcome.status === 'declined' ? 'failure' : 'success',
    ...auditActorOf(caller),
    targetType: 'client',
    targetId: outcome.clientId,
    clientId: outcome.clientId,
    details: { processor: outcome.processor, status: outcome.status, ...outcome.details },
  });
}

function epxApplicationOf(locked: LockedApplicant, body: EpxEnableBody): EpxApplication {
  const current = locked.keystore?.epxMerchantIdentifier ?? null;
  if (body.re_create_application)
    return { kind: 're_create_application', previousMerchantIdentifier: current };
  if (body.re_submit_fees) {
    if (!current) throw EnablementError.EpxNotEnabled(EnablementText.EpxNotEnabled);
    return { kind: 're_submit_fees', merchantIdentifier: current };
  }
  if (current) throw EnablementError.EpxAlreadyEnabled(EnablementText.EpxAlreadyEnabled);
  return { kind: 'new' };
}

const epxStatusOf: Record<EpxApplication['kind'], EnablementStatus> = {
  new: 'enabled',
  re_submit_fees: 'fees_resubmitted',
  re_create_application: 'application_recreated',
};

const epxEventWords: Record<EpxApplication['kind'], string> = {
  new: 'enabled',
  re_submit_fees: 'fees re-submitted',
  re_create_application: 'application re-created',
};

// POST /api/epx/enable: boards the merchant at EPX, or re-submits its fees, or re-creates its
// application (a new merchant identifier). A decline changes nothing but the event log.
export async function enableEpx(
  deps: EnablementDeps,
  caller: Caller,
  body: EpxEnableBody,
): Promise<EpxEnableResult> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockMerchant(tx, body.id);
    const application = epxApplicationOf(locked, body);
    const answer = await deps.onboarding().enableEpx(applicantOf(locked), application);
    if (answer.outcome === 'declined') {
      await record(tx, caller, {
        clientId: body.id,
        processor: 'epx',
        status: 'declined',
        message: `EPX declined the application: ${answer.reason}`,
        details: { application: application.kind, reason: answer.reason },
      });
      return { message: { epx_results: { third: { merchantId: null } }, reason: answer.reason } };
    }
    const externalKey = deps.cipher().encrypt(answer.externalKey, encryptedColumn.keystoreEpxExternalKey);
    await saveKeystore(tx, body.id, {
      epxMerchantIdentifier: answer.merchantIdentifier,
      epxExternalKeyEnc: externalKey,
      epxExternalKeyLast4: lastFour(answer.externalKey),
    });
    const status = epxStatusOf[application.kind];
    await record(tx, caller, {
      clientId: body.id,
      processor: 'epx',
      status,
      message: `EPX ${epxEventWords[application.kind]}: merchant ${answer.merchantIdentifier}`,
      details: { application: application.kind, merchant_identifier: answer.merchantIdentifier },
    });
    return { message: { epx_results: { third: { merchantId: answer.merchantIdentifier } }, reason: null } };
  });
}

// PATCH /api/client/enablepropay: opens a ProPay account (card plus ACH, or ACH only), or enables
// the account the merchant has. Success only on status code '00'.
export async function enableProPay(
  deps: EnablementDeps,
  caller: Caller,
  body: { id: string; is_ach_only?: boolean | undefined },
): Promise<ProPayEnableResult> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockMerchant(tx, body.id);
    const isAchOnly = body.is_ach_only ?? false;
    const existingAccount = locked.keystore?.propayMid ?? null;
    const answer = await deps.onboarding().enableProPay(applicantOf(locked), { isAchOnly, existingAccount });
    const scope = isAchOnly ? 'ACH only' : 'card plus ACH';
    if (answer.statusCode !== proPaySuccessCode || !answer.accountNumber) {
      await record(tx, caller, {
        clientId: body.id,
        processor: 'propay',
        status: 'declined',
        message: `ProPay (${scope}) failed with status code ${answer.statusCode}: ${answer.reason ?? 'no reason given'}`,
        details: { is_ach_only: isAchOnly, status_code: answer.statusCode, reason: answer.reason },
      });
      return {
        pro_pay_status_code: answer.statusCode,
        is_new_account: false,
        propay_mid: null,
        reason: answer.reason,
      };
    }
    const isNewAccount = existingAccount === null;
    if (isNewAccount) await saveKeystore(tx, body.id, { propayMid: answer.accountNumber });
    await record(tx, caller, {
      clientId: body.id,
      processor: 'propay',
      status: 'enabled',
      message: `ProPay ${isNewAccount ? 'enrolled' : 'enabled'} (${scope}): account ${answer.accountNumber}`,
      details: { is_ach_only: isAchOnly, status_code: answer.statusCode, propay_mid: answer.accountNumber },
    });
    return {
      pro_pay_status_code: answer.statusCode,
      is_new_account: isNewAccount,
      propay_mid: answer.accountNumber,
      reason: null,
    };
  });
}

// POST /api/enable-forum-pay: boards the merchant at ForumPay; crypto then waits for its KYC.
export async function enableForumPay(
  deps: EnablementDeps,
  caller: Caller,
  clientId: string,
): Promise<ForumPayEnableResult> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockMerchant(tx, clientId);
    const crypto = locked.config?.crypto ?? null;
    if (crypto !== null && crypto !== 'forumpay') {
      throw EnablementError.CryptoProviderInUse(EnablementText.CryptoProviderInUse);
    }
    if (locked.keystore?.forumPayIdentifier) {
      throw EnablementError.ForumPayAlreadyEnabled(EnablementText.ForumPayAlreadyEnabled);
    }
    const answer = await deps.onboarding().enableForumPay(applicantOf(locked));
    if (answer.outcome === 'declined') {
      await record(tx, caller, {
        clientId,
        processor: 'forumpay',
        status: 'declined',
        message: `ForumPay declined the merchant: ${answer.reason}`,
        details: { reason: answer.reason },
      });
      return { message: { is_forum_pay_enabled: false, forum_pay_identifier: null, reason: answer.reason } };
    }
    await saveKeystore(tx, clientId, { forumPayIdentifier: answer.forumPayIdentifier });
    await saveForumPayConfig(tx, clientId, locked.config?.forumPayState ?? forumPayBoardedState);
    await record(tx, caller, {
      clientId,
      processor: 'forumpay',
      status: 'enabled',
      message: `ForumPay enabled: merchant ${answer.forumPayIdentifier}`,
      details: { forum_pay_identifier: answer.forumPayIdentifier },
    });
    return {
      message: { is_forum_pay_enabled: true, forum_pay_identifier: answer.forumPayIdentifier, reason: null },
    };
  });
}

export async function enablementState(deps: EnablementDeps, clientId: string): Promise<EnablementState> {
  const row = await findEnablementState(deps.db, clientId);
  if (!row) throw EnablementError.ClientNotFound(EnablementText.ClientNotFound);
  return {
    epx: { is_enabled: row.epxMerchantIdentifier !== null, merchant_identifier: row.epxMerchantIdentifier },
    propay: { is_enabled: row.propayMid !== null, propay_mid: row.propayMid },
    forumpay: {
      is_enabled: row.forumPayIdentifier !== null,
      forum_pay_identifier: row.forumPayIdentifier,
      forum_pay_state: row.forumPayState,
    },
  };
}

// GET /api/sso/propay: a signed-in link to the ProPay portal of the merchant's account.
export async function proPaySso(
  deps: EnablementDeps,
  caller: Caller,
  clientId: string,
): Promise<ProPaySsoResult> {
  const row = await findEnablementState(deps.db, clientId);
  if (!row) throw EnablementError.ClientNotFound(EnablementText.ClientNotFound);
  if (!row.propayMid) throw EnablementError.ProPayNotEnrolled(EnablementText.ProPayNotEnrolled);
  const link = deps.onboarding().proPayPortalLink(clientId, row.propayMid, deps.now());
  await recordAudit(deps.db, {
    action: 'processor.portal_sso',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'client',
    targetId: clientId,
    clientId,
    details: { processor: 'propay' },
  });
  return { authToken: link.authToken, portal_url: link.url };
}

// The sandbox portal page: the merchant's ProPay account when the signed link is good.
export async function sandboxPortalAccount(
  deps: EnablementDeps,
  clientId: string,
  token: string,
): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/.test(clientId)) return null;
  const row = await findEnablementState(deps.db, clientId);
  if (!row?.propayMid) return null;
  return deps.onboarding().verifyPortalToken(clientId, row.propayMid, token, deps.now())
    ? row.propayMid
    : null;
}
