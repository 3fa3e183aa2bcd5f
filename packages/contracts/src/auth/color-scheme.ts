import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The portal's look, chosen per user: light, dark, or the device's own setting ('auto', the default
// until the user picks one).
export const colorSchemePreferences = ['light', 'dark', 'auto'] as const;
export const colorSchemePreferenceSchema = z.enum(colorSchemePreferences);
export type ColorSchemePreference = z.infer<typeof colorSchemePreferenceSchema>;

export const defaultColorSchemePreference: ColorSchemePreference = 'auto';

export const colorSchemeBody = z.strictObject({ color_scheme: colorSchemePreferenceSchema });
export type ColorSchemeBody = z.infer<typeof colorSchemeBody>;
export const colorSchemeResponse = successEnvelope(z.object({ color_scheme: colorSchemePreferenceSchema }));

// The names people read for each choice (the theme switch in the user block).
export const colorSchemeLabels: Record<ColorSchemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'System',
};
