import { createHash } from 'node:crypto';
import { portalBasePath } from '@portico/contracts/access/routes';
import { type SignUpBody, sandboxSignUpQuery } from '@portico/contracts/clients/sign-up';
import { ctaApplicationPath } from '@portico/contracts/enrollment/click-to-agree';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { Db, Executor } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import type { MailMessage } from '../../integrations/mail/mailer';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { isUniqueViolation } from '../../lib/database-errors';
import { countHit } from '../../lib/rate-limit-counters';
import { sealedSecretApiKey } from '../../lib/secret-api-key';
import { markCtaSent } from '../click-to-agree/click-to-agree.repository';
import type { CtaCapability } from '../click-to-agree/cta-capability';
import { insertEnrollment } from '../enrollment/enrollment.repository';
import { createAccountFromEnrollment, newApiKey } from '../enrollment-actions/account-from-enrollment';
import {
  ensureMembership,
  insertUser,
  lockEnrollment,
  updateEnrollment,
} from '../enrollment-actions/enrollment-actions.repository';
import { findRootParentId, isKnownUserEmail } from './sign-up.repository';

export type SignUpDeps = {
  db: Db;
  cipher: () => FieldCipher;
  mail: MailService;
  capability: () => CtaCapability;
  publicUrl: string;
  now: () => Date;
};

export type SignUpOrigin = { ip: string | null; userAgent: string | null };

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function expiryText(expiresAt: Date): string {
  return `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function continueMessage(to: string, business: string, link: string, expiresAt: Date): MailMessage {
  const expiry = expiryText(expiresAt);
  return {
    to: [to],
    subject: 'Finish your Portico merchant application',
    text: [
      'Hello,',
      '',
      `Thank you for signing up ${oneLine(business)} with Portico.`,
      '',
      'Open this link to fill in the rest of your merchant application and agree to the terms:',
      link,
      '',
      `The link is for your application only and expires on ${expiry}. If you did not sign up, you can ignore this e-mail.`,
    ].join('\n'),
  };
}

function sandboxReadyMessage(
  to: string,
  business: string,
  publicUrl: string,
  link: string,
  expiresAt: Date,
): MailMessage {
  return {
    to: [to],
    subject: 'Your Portico sandbox is ready',
    text: [
      'Hello,',
      '',
      `The sandbox account of ${oneLine(business)} is ready. Sign in with this e-mail address (we e-mail you a one-time link):`,
      `${publicUrl}${portalBasePath}/login`,
      '',
      "The sandbox takes test payments only: test card numbers begin with '1'. Nothing you do there moves money.",
      '',
      'When you want to take live payments, fill in the rest of your merchant application and agree to the terms:',
      link,
      `That link expires on ${expiryText(expiresAt)}; our team reviews the application before the account goes live.`,
    ].join('\n'),
  };
}

function alreadyRegisteredMessage(to: string, publicUrl: string): MailMessage {
  return {
    to: [to],
    subject: 'You already have a Portico account',
    text: [
      'Hello,',
      '',
      'Someone, probably you, asked to sign up with this e-mail address, which already has a Portico account.',
      `Sign in here instead: ${publicUrl}${portalBasePath}/login`,
      '',
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}

// E-mails one address is sent by sign-ups in a day, whoever asks: a form that mails any address must
// not become a way to flood one.
export const signUpMailsPerAddressPerDay = 3;
const signUpMailWindowSeconds = 24 * 60 * 60;

type Lead = { enrollmentId: string; parentId: string | null; sentAt: Date };
// What a sign-up filed: nothing past the address's daily mails, nothing for an address with an
// account, else the lead.
type Filed = { kind: 'capped' } | { kind: 'has-account' } | ({ kind: 'lead' } & Lead);

// POST /api/sign-up: a new address gets a lead enrollment (Onboarding shows it as 'SEND LINK') and the
// click-to-agree link to finish it; an address with an account gets a note to sign in instead; past
// its daily mails an address gets nothing. The caller sees the same answer in each case, in about the
// same time (fileSignUp), and the mail leaves off the request path. A sandbox sign-up (its invitation
// checked by the route) also opens the sandbox at once: see openSandbox.
export async function signUp(deps: SignUpDeps, origin: SignUpOrigin, body: SignUpBody): Promise<void> {
  const isSandbox = body.sandbox_token !== undefined;
  const filed = await fileSignUp(deps, origin, body, isSandbox);
  if (filed.kind === 'capped') return;
  if (filed.kind === 'has-account') {
    deps.mail.sendLater(alreadyRegisteredMessage(body.email, deps.publicUrl));
    return;
  }
  const { token, expiresAt } = deps.capability().issue(filed.enrollmentId, filed.sentAt);
  const link = `${deps.publicUrl}${portalBasePath}${ctaApplicationPath(filed.enrollmentId, filed.parentId)}?token=${token}`;
  deps.mail.sendLater(
    isSandbox
      ? sandboxReadyMessage(body.email, body.business_name, deps.publicUrl, link, expiresAt)
      : continueMessage(body.email, body.business_name, link, expiresAt),
  );
}

// The address's mail counted, then the lead (and the sandbox) in one transaction. An address with an
// account does the very same work, its lead written and then rolled back to a savepoint, so the time
// of the answer does not tell whether an address has an account. A concurrent sandbox sign-up of the
// same address that made its developer user first reads as an address with an account too.
async function fileSignUp(
  deps: SignUpDeps,
  origin: SignUpOrigin,
  body: SignUpBody,
  isSandbox: boolean,
): Promise<Filed> {
  return deps.db.transaction(async (tx) => {
    const mails = await countHit(tx, signUpMailKey(body.email), signUpMailWindowSeconds);
    if (mails.hits > signUpMailsPerAddressPerDay) return { kind: 'capped' };
    const hasAccount = await isKnownUserEmail(tx, body.email);
    const parentId = await findRootParentId(tx);
    const sentAt = deps.now();
    try {
      const enrollmentId = await tx.transaction(async (savepoint) => {
        const id = await insertSignUp(savepoint, deps, origin, body, { parentId, sentAt, isSandbox });
        if (hasAccount) savepoint.rollback();
        return id;
      });
      return { kind: 'lead', enrollmentId, parentId, sentAt };
    } catch (error) {
      if (error instanceof TransactionRollbackError) return { kind: 'has-account' };
      if (isSandbox && isUniqueViolation(error)) return { kind: 'has-account' };
      throw error;
    }
  });
}

// The counter key of an address's sign-up mails: a digest, so the counters hold no address.
function signUpMailKey(email: string): string {
  return `sign-up-mail:${createHash('sha256').update(email).digest('base64url')}`;
}

async function insertSignUp(
  tx: Executor,
  deps: SignUpDeps,
  origin: SignUpOrigin,
  body: SignUpBody,
  { parentId, sentAt, isSandbox }: Omit<Lead, 'enrollmentId'> & { isSandbox: boolean },
): Promise<string> {
  const id = await insertEnrollment(
    tx,
    {
      parentId,
      applicationType: 'Merchant',
      level: 'Merchant',
      isFromPortal: false,
      dbaName: body.business_name,
      legalName: body.business_name,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      businessPhoneNumber: body.phone ?? null,
    },
    [],
  );
  await markCtaSent(tx, id, sentAt);
  const sandboxClientId = isSandbox ? await openSandbox(tx, deps, id, body) : null;
  await recordAudit(tx, {
    action: 'enrollment.sign_up',
    outcome: 'success',
    targetType: 'enrollment',
    targetId: id,
    clientId: sandboxClientId ?? parentId,
    ip: origin.ip,
    userAgent: origin.userAgent,
    details: { is_sandbox: isSandbox, ...(sandboxClientId ? { sandbox_client_id: sandboxClientId } : {}) },
  });
  return id;
}

// The sandbox sign-up does at once what staff do for a lead's developer by hand (POST /api/createsandbox,
// then POST /api/enroll/developer): the lead's certification account, which holds only a sandbox API key and
// may not process production payments (status in_development), and the applicant as its developer user
// (category Technology). Its publishable key is a test key, so the payment frame takes its test
// payments. The application stays 'SEND LINK': going live is the normal review and approval,
// which issues the live keys.
async function openSandbox(tx: Executor, deps: SignUpDeps, enrollmentId: string, body: SignUpBody) {
  const enrollment = await lockEnrollment(tx, enrollmentId);
  if (!enrollment) throw new Error('the new enrollment is missing');
  // The live secret key column cannot be empty: it never goes live, approval issues new keys.
  const clientId = await createAccountFromEnrollment(tx, deps.cipher(), enrollment, {
    ...sealedSecretApiKey(deps.cipher().encrypt, newApiKey('live')),
    publicKey: newApiKey('sandbox-public'),
    status: 'in_development',
    sandboxApiKey: newApiKey('sandbox'),
    isInCertification: true,
  });
  await updateEnrollment(tx, enrollmentId, { clientId, status: 'in_development' });
  const developer = await insertUser(tx, {
    name: `${body.first_name} ${body.last_name}`,
    email: body.email,
    phone: body.phone ?? null,
    userType: 'user',
    label: 'Technology',
    defaultClientId: clientId,
  });
  await ensureMembership(tx, developer.id, clientId);
  return clientId;
}

// POST /api/sandboxlink: the sandbox sign-up page for an address (the answer's message is the link),
// carrying the invitation signed for that address.
export function sandboxSignUpLink(publicUrl: string, email: string, token: string): string {
  const url = new URL(`${publicUrl}${portalBasePath}/sign-up`);
  url.searchParams.set(sandboxSignUpQuery.sandbox, 'true');
  url.searchParams.set(sandboxSignUpQuery.email, email);
  url.searchParams.set(sandboxSignUpQuery.token, token);
  return url.toString();
}
