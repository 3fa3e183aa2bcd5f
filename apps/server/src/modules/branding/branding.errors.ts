import { WhiteLabelErrorCode } from '@portico/contracts/branding/whitelabel';
import { defineErrors } from '../../lib/app-error';

export const BrandingError = defineErrors({
  ColorContrast: [WhiteLabelErrorCode.ColorContrast, 'business_rule'],
  NotParent: [WhiteLabelErrorCode.NotParent, 'business_rule'],
  LogoNotImage: [WhiteLabelErrorCode.LogoNotImage, 'unsupported_media_type'],
  LogoTooLarge: [WhiteLabelErrorCode.LogoTooLarge, 'payload_too_large'],
  NotFound: [WhiteLabelErrorCode.NotFound, 'not_found'],
});
