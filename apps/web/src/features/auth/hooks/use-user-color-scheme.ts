import { useMantineColorScheme } from '@mantine/core';
import type { ColorSchemePreference } from '@portico/contracts/auth/color-scheme';
import { useEffect } from 'react';

// A signed-in portal wears the look its user keeps on the server, on whichever device they sign in.
export function useUserColorScheme(preference: ColorSchemePreference): void {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => setColorScheme(preference), [preference, setColorScheme]);
}
