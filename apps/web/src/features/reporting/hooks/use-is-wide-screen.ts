import { useMediaQuery } from '@mantine/hooks';

// Mantine's sm breakpoint: a tablet or wider. Read on the first render, so the grid's columns are
// built once for the screen they are shown on.
export function useIsWideScreen(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
}
