import type { MantineThemeOverride } from '@mantine/core';
import { createContext, useContext } from 'react';

// The signed-in portal swaps in its white label's theme; the login page keeps Portico's.
export const SetThemeContext = createContext<(theme: MantineThemeOverride) => void>(() => {});

export function useSetTheme() {
  return useContext(SetThemeContext);
}
