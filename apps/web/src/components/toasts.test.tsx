import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from './toast-host';
import { isToastHostRequested, showToast } from './toasts';

describe('toasts', () => {
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });

  it('loads the toast container with the first toast and shows it', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
    expect(isToastHostRequested()).toBe(false);

    await showToast({ title: 'Saved', text: 'Information Saved', type: 'success' });

    expect(isToastHostRequested()).toBe(true);
    expect(await screen.findByText('Information Saved')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('shows at most two toasts at once', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );

    await showToast({ text: 'First' });
    await showToast({ text: 'Second' });
    await showToast({ text: 'Third' });

    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('Third')).not.toBeInTheDocument();
  });
});
