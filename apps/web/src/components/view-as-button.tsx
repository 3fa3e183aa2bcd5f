import { Button, type ButtonProps } from '@mantine/core';
import { ViewAsText } from '@portico/contracts/access/view-as-session';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client';
import { startViewAsSession } from '../lib/auth/view-as-session';
import { showToast } from './toasts';

type ViewAsButtonProps = { clientId: string; size?: ButtonProps['size']; variant?: ButtonProps['variant'] };

// "View as this merchant", for any page that shows one merchant: the server
// checks the caller may (staff, or a parent over it) and the portal opens Home as that merchant.
export function ViewAsButton({ clientId, size = 'sm', variant = 'light' }: ViewAsButtonProps) {
  const navigate = useNavigate();
  const [isStarting, setIsStarting] = useState(false);

  async function start() {
    setIsStarting(true);
    try {
      await startViewAsSession(clientId);
      await navigate('/home');
    } catch (error) {
      void showToast({
        text: error instanceof ApiError ? error.message : ViewAsText.NotAllowed,
        type: 'danger',
      });
    } finally {
      setIsStarting(false);
    }
  }

  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconEye size={16} aria-hidden />}
      loading={isStarting}
      onClick={() => void start()}
    >
      {ViewAsText.Start}
    </Button>
  );
}
