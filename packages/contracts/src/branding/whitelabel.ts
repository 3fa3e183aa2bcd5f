import { z } from 'zod';
import type { UserType } from '../auth/roles';
import { successEnvelope } from '../common/envelope';
import { AA_TEXT_CONTRAST, contrastRatio, isAccentReadableOnWhite, parseHexColor, WHITE } from './contrast';

// A parent's white label: the accent colour, the logo and the name its hierarchy's users, e-mails,
// payment frame and receipts carry instead of Portico's.

export const WhiteLabelText = {
  SectionTitle: 'White label',
  SectionIntro:
    "The colour, logo and name this parent's users see in the portal, its e-mails and its merchants' payment pages and receipts.",
  EntityNameLabel: 'Brand name',
  ColorLabel: 'Accent colour',
  ColorHint: 'Six-digit hex, dark enough for text on white (contrast 4.5:1 or more).',
  LogoLabel: 'Brand logo',
  LogoHint: 'PNG or JPEG, at most 1 MB.',
  UploadLogo: 'Upload brand logo',
  NoLogo: 'No brand logo.',
  Save: 'Save white label',
  Saved: 'White label saved.',
  LogoSaved: 'Brand logo saved.',
  LogoRemoved: 'Brand logo removed.',
  RemoveLogo: 'Remove logo',
  RemoveWhiteLabel: 'Remove white label',
  Removed: 'White label removed.',
  NotSet: 'No white label: this hierarchy sees Portico.',
  ParentOnly: 'Only a parent account carries a white label.',
  ColorFormat: 'Enter the colour as six-digit hex, like #1f6f68.',
  LogoWrongType: 'The brand logo must be a PNG or JPEG image (SVG is not accepted).',
  LogoTooLarge: 'The brand logo must be 1 MB or smaller.',
  Preview: 'Preview',
} as const;

export function colorContrastMessage(ratio: number): string {
  return `This colour has a contrast of ${ratio.toFixed(2)}:1 on white; it needs ${AA_TEXT_CONTRAST}:1 to be readable. Choose a darker colour.`;
}

export const WhiteLabelErrorCode = {
  ColorContrast: 'WHITELABEL_COLOR_CONTRAST',
  NotParent: 'WHITELABEL_NOT_PARENT',
  LogoNotImage: 'WHITELABEL_LOGO_NOT_IMAGE',
  LogoTooLarge: 'WHITELABEL_LOGO_TOO_LARGE',
  NotFound: 'WHITELABEL_NOT_FOUND',
} as const;

// The readable-contrast check as a message, or null when the colour passes (both sides use it).
export function whiteLabelColorProblem(color: string): string | null {
  const rgb = parseHexColor(color);
  if (!rgb) return WhiteLabelText.ColorFormat;
  if (isAccentReadableOnWhite(color)) return null;
  return colorContrastMessage(contrastRatio(rgb, WHITE));
}

export const whiteLabelParams = z.object({ clientid: z.uuid() });

export const whiteLabelBody = z.strictObject({
  entity_name: z.string().trim().min(1, 'Enter the brand name').max(80),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, WhiteLabelText.ColorFormat)
    .transform((value) => value.toLowerCase()),
});
export type WhiteLabelBody = z.input<typeof whiteLabelBody>;

export const whiteLabelLogoExtensions = ['png', 'jpeg', 'jpg'] as const;
export const whiteLabelLogoMaxBytes = 1_000_000;
export const whiteLabelLogoBody = z.strictObject({
  document: z.strictObject({
    name: z.string().min(1).max(200),
    // The extension is told, not trusted: the bytes decide (an SVG named .png is refused too).
    extension: z.string().min(1).max(10),
    // base64 of at most whiteLabelLogoMaxBytes (a data URL prefix is accepted); a little slack so the
    // size answer comes from the decoded bytes with its own message.
    content: z.string().min(1).max(1_500_000),
  }),
});
export type WhiteLabelLogoBody = z.infer<typeof whiteLabelLogoBody>;

export const whiteLabelSchema = z.object({
  entity_name: z.string(),
  color: z.string().nullable(),
  // This server's address of the logo (served to anyone: it appears on public payment pages).
  logo_url: z.string().nullable(),
});
export type WhiteLabel = z.infer<typeof whiteLabelSchema>;

export const whiteLabelResponse = successEnvelope(whiteLabelSchema.nullable());

// What a signed-in user, a payment frame or a receipt is branded with: the white label of the
// nearest client up the hierarchy that has one.
export const brandingSchema = z.object({
  client_id: z.uuid(),
  entity_name: z.string(),
  color: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

// Staff work across every hierarchy and keep Portico's look; everyone else wears their parent's.
export function isBrandedUserType(userType: UserType): boolean {
  return userType !== 'admin';
}

// The rule of branding: walk up from a client (itself first) and take the first white label found.
export function nearestWhiteLabel<T>(
  ancestry: readonly string[],
  whiteLabelsByClient: ReadonlyMap<string, T>,
): { clientId: string; whiteLabel: T } | null {
  for (const clientId of ancestry) {
    const whiteLabel = whiteLabelsByClient.get(clientId);
    if (whiteLabel !== undefined) return { clientId, whiteLabel };
  }
  return null;
}

export const whiteLabelLogoParams = z.object({ logoid: z.uuid() });
