import { Image, Text } from '@mantine/core';
import type { Branding } from '@portico/contracts/branding/whitelabel';
import { brandTextColor } from '../lib/brand-text-color';

type WhiteLabelMarkProps = { branding: Branding; height?: number };

// The white label's logo, else its name in its colour: what the navbar shows instead of Portico's.
export function WhiteLabelMark({ branding, height = 30 }: WhiteLabelMarkProps) {
  if (branding.logo_url) {
    return (
      <Image src={branding.logo_url} alt={branding.entity_name} h={height} w="auto" maw={180} fit="contain" />
    );
  }
  return (
    <Text
      component="span"
      fw={700}
      fz="xl"
      c={branding.color ? brandTextColor(branding.color) : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {branding.entity_name}
    </Text>
  );
}
