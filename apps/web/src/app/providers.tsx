import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastHost } from '../components/toast-host';
import { createQueryClient } from '../lib/query-client';
import { SetThemeContext } from './brand-theme-context';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = { children: ReactNode };

export function AppProviders({ children }: AppProvidersProps) {
  // One client per mounted app, so tests never share a cache.
  const [queryClient] = useState(createQueryClient);
  const [activeTheme, setActiveTheme] = useState(theme);

  return (
    <SetThemeContext.Provider value={setActiveTheme}>
      <MantineProvider
        theme={activeTheme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
      >
        <ToastHost />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </SetThemeContext.Provider>
  );
}
