import { Tooltip as MantineTooltip } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

type TooltipProps = {
  label: ReactNode;
  // One element that can hold a ref (a button, an icon wrapper); it keeps its own accessible name.
  children: ReactElement;
  position?: 'top' | 'bottom' | 'left' | 'right';
};

// The portal's tooltip: on hover and on keyboard focus, wrapping long texts.
export function Tooltip({ label, children, position = 'top' }: TooltipProps) {
  return (
    <MantineTooltip
      label={label}
      position={position}
      withArrow
      multiline
      maw={280}
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </MantineTooltip>
  );
}
