import { portalBasePath } from '@portico/contracts/access/routes';
import { type SignUpBody, sandboxSignUpQuery } from '@portico/contracts/clients/sign-up';
import { ctaApplicationPath } from '@portico/contracts/enrollment/click-to-agree';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import type { MailMessage } from '../../integrations/mail/mailer';
import { recordAudit } from '../../lib/audit';
import { markCtaSent } from '../click-to-agree/click-to-agree.repository';
import type { CtaCapability } from '../click-to-agree/cta-capability';
import { insertEnrollment } from '../enrollment/enrollment.repository';
import { findRootParentId, isKnownUserEmail } from './sign-up.repository';

export type SignUpDeps = {
  db: Db;
  mail: MailService;
  capability: () => CtaCapability;
  publicUrl: string;
  now: () => Date;
};

export type SignUpOrigin = { ip: string | null; userAgent: string | null };

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function continueMessage(
  to: string,
  business: string,
  link: string,
  expiresAt: Date,
  isSandbox: boolean,
): MailMessage {
  const expiry = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to: [to],
    subject: isSandbox
      ? 'Finish your Portico sandbox application'
      : 'Finish your Portico merchant application',
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

// POST /api/sign-up: a new address gets a lead enrollment (Onboarding shows it as 'SEND LINK') and the
// click-to-agree link to finish it; an address with an account gets a note to sign in instead. The
// caller sees the same answer either way and the mail leaves off the request path.
export async function signUp(deps: SignUpDeps, origin: SignUpOrigin, body: SignUpBody): Promise<void> {
  if (await isKnownUserEmail(deps.db, body.email)) {
    deps.mail.sendLater(alreadyRegisteredMessage(body.email, deps.publicUrl));
    return;
  }
  const parentId = await findRootParentId(deps.db);
  const sentAt = deps.now();
  const enrollmentId = await deps.db.transaction(async (tx) => {
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
    await recordAudit(tx, {
      action: 'enrollment.sign_up',
      outcome: 'success',
      targetType: 'enrollment',
      targetId: id,
      clientId: parentId,
      ip: origin.ip,
      userAgent: origin.userAgent,
      details: { is_sandbox: body.is_sandbox ?? false },
    });
    return id;
  });
  const { token, expiresAt } = deps.capability().issue(enrollmentId, sentAt);
  const link = `${deps.publicUrl}${portalBasePath}${ctaApplicationPath(enrollmentId, parentId)}?token=${token}`;
  deps.mail.sendLater(
    continueMessage(body.email, body.business_name, link, expiresAt, body.is_sandbox ?? false),
  );
}

// POST /api/sandboxlink: the sandbox sign-up page for an address (spec 3 §7: message is the link).
export function sandboxSignUpLink(publicUrl: string, email: string): string {
  const url = new URL(`${publicUrl}${portalBasePath}/sign-up`);
  url.searchParams.set(sandboxSignUpQuery.sandbox, 'true');
  url.searchParams.set(sandboxSignUpQuery.email, email);
  return url.toString();
}
