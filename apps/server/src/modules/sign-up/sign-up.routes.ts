import type { UserType } from '@portico/contracts/auth/roles';
import {
  SignUpErrorCode,
  SignUpText,
  sandboxLinkBody,
  sandboxLinkResponse,
  signUpBody,
  signUpResponse,
} from '@portico/contracts/clients/sign-up';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { AppError } from '../../lib/app-error';
import { requestOrigin } from '../../lib/audit';
import { type CtaCapability, createCtaCapability, deriveCtaLinkKey } from '../click-to-agree/cta-capability';
import { createSandboxInvitation } from './sandbox-invitation';
import { sandboxSignUpLink, signUp } from './sign-up.service';

// Who may hand out a sandbox invitation: staff (admin and white-label staff) and parents, for the
// developers of merchants they bring. A merchant's own users may not: each invitation opens an account.
const sandboxInviterRoles: readonly UserType[] = ['admin', 'healnow', 'parent'];

export type SignUpRoutesOptions = { publicUrl: string; rateLimitPerMinute: number };

export const signUpRoutes: FastifyPluginAsyncZod<SignUpRoutesOptions> = async (app, opts) => {
  // The sign-in budget: a public form that creates rows and sends mail.
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  let capability: CtaCapability | undefined;
  let invitation: CtaCapability | undefined;
  const sandboxInvitation = () => {
    invitation ??= createSandboxInvitation(app.dataKey());
    return invitation;
  };
  const deps = {
    db: app.db,
    cipher: app.fieldCipher,
    mail: app.mail,
    publicUrl: opts.publicUrl,
    now: () => app.now(),
    // The click-to-agree link key: the application page verifies what this issues.
    capability: () => {
      capability ??= createCtaCapability(deriveCtaLinkKey(app.dataKey()));
      return capability;
    },
  };

  app.post(
    '/api/sign-up',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['sign-up'],
        summary:
          'A business applies on its own: a lead enrollment and an e-mailed link (same answer for every ' +
          'address); with the sandbox invitation, also its sandbox account and developer user',
        body: signUpBody,
        response: { 200: signUpResponse, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const token = request.body.sandbox_token;
      if (token !== undefined && !sandboxInvitation().verify(request.body.email, token, app.now())) {
        throw new AppError(SignUpErrorCode.SandboxLinkInvalid, 'validation', SignUpText.SandboxLinkInvalid);
      }
      await signUp(deps, requestOrigin(request), request.body);
      return { status: true as const, message: SignUpText.Received };
    },
  );

  app.post(
    '/api/sandboxlink',
    {
      config: { access: { kind: 'authenticated', roles: sandboxInviterRoles }, rateLimit },
      schema: {
        tags: ['sign-up'],
        summary: 'The sandbox sign-up link for an address, with an invitation signed for it',
        body: sandboxLinkBody,
        response: { 200: sandboxLinkResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { token } = sandboxInvitation().issue(request.body.email, app.now());
      return { status: true as const, message: sandboxSignUpLink(opts.publicUrl, request.body.email, token) };
    },
  );
};
