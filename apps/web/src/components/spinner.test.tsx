import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces what is loading, and can show it', () => {
    renderWithMantine(<Spinner label="Loading timezones" isLabelVisible />);

    expect(screen.getByRole('status', { name: 'Loading timezones' })).toBeInTheDocument();
    expect(screen.getByText('Loading timezones')).toBeInTheDocument();
  });

  it('keeps the label for screen readers only by default', () => {
    renderWithMantine(<Spinner />);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});
