import { Button, Stack, Text } from '@mantine/core';
import { Spinner } from '../spinner';
import styles from './data-grid.module.css';

export const DataGridText = {
  Empty: 'No rows to show',
  Loading: 'Loading rows',
  Retry: 'Retry',
} as const;

type DataGridOverlayProps = {
  isLoading: boolean;
  error: string | null;
  isEmpty: boolean;
  emptyText?: string | undefined;
  onRetry: () => void;
};

// Loading, error, empty: in that order, over the grid's body.
export function DataGridOverlay({ isLoading, error, isEmpty, emptyText, onRetry }: DataGridOverlayProps) {
  if (isLoading) {
    return (
      <div className={styles.overlay}>
        <Spinner label={DataGridText.Loading} isLabelVisible />
      </div>
    );
  }
  if (error !== null) {
    return (
      <div className={styles.overlay}>
        <Stack gap="xs" align="center" role="alert">
          <Text size="sm" c="red.8">
            {error}
          </Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {DataGridText.Retry}
          </Button>
        </Stack>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className={styles.overlay}>
        <Text size="sm" c="dimmed">
          {emptyText ?? DataGridText.Empty}
        </Text>
      </div>
    );
  }
  return null;
}
