import { hkdfSync } from 'node:crypto';
import { type CtaCapability, createCtaCapability } from '../click-to-agree/cta-capability';

// The sandbox sign-up opens an account at once, so it follows only an invitation a signed-in user
// asked for (POST /api/sandboxlink): the click-to-agree link's stateless HMAC capability, over the
// invited e-mail address instead of an enrollment id, under a sub-key with its own label (so neither
// link can stand in for the other).
export function deriveSandboxLinkKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'portico sandbox sign-up link v1', 32));
}

export function createSandboxInvitation(dataKey: Buffer): CtaCapability {
  return createCtaCapability(deriveSandboxLinkKey(dataKey));
}
