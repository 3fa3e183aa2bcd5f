import { Button, Text } from '@mantine/core';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiErrorMessage, apiRequest } from '../../../lib/api-client';
import { renderFeature } from '../../../test/render-feature';
import { StepUpDialog, stepUpBodyOf } from './step-up-dialog';

// A sensitive call as a page makes it: the answer, or the error the page would show.
function RevealSecret() {
  const [shown, setShown] = useState<string | null>(null);
  async function reveal() {
    try {
      const answer = await apiRequest('/api/secret/reveal', {
        method: 'POST',
        body: { field: 'key' },
        schema: z.object({ value: z.string() }),
      });
      setShown(answer.value);
    } catch (error) {
      setShown(apiErrorMessage(error, 'failed'));
    }
  }
  return (
    <>
      <Button onClick={() => void reveal()}>Reveal</Button>
      {shown !== null && <Text>Shown: {shown}</Text>}
    </>
  );
}

type Call = { method: string; path: string; body: unknown };

// The server: the sensitive call is refused until a step-up went through; a step-up takes 123456.
function stubServer() {
  const calls: Call[] = [];
  let hasSteppedUp = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/second-factor/step-up') {
        if (body?.code !== '123456') {
          return json(422, {
            status: false,
            error: { code: SecondFactorErrorCode.CodeNotValid, message: SecondFactorText.CodeNotValid },
          });
        }
        hasSteppedUp = true;
        return json(200, { status: true, message: { proved_at: '2026-12-03T07:00:00.000Z' } });
      }
      if (url.pathname === '/api/secret/reveal') {
        return hasSteppedUp
          ? json(200, { status: true, message: { value: 'sk_live_full' } })
          : json(403, {
              status: false,
              error: { code: SecondFactorErrorCode.StepUpRequired, message: SecondFactorText.StepUpRequired },
            });
      }
      throw new Error(`Unexpected request to ${url.pathname}`);
    }),
  );
  return calls;
}

describe('the step-up dialog', () => {
  it('asks for a code when a sensitive call is refused, then sends the same call again', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderFeature(
      <>
        <RevealSecret />
        <StepUpDialog />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog', { name: SecondFactorText.StepUpTitle });
    expect(within(dialog).getByText(SecondFactorText.StepUpRequired)).toBeInTheDocument();

    // A wrong code says so and keeps the dialog.
    await user.type(within(dialog).getByLabelText(SecondFactorText.StepUpCodeLabel), '000000');
    await user.click(within(dialog).getByRole('button', { name: SecondFactorText.StepUpConfirm }));
    expect(await within(dialog).findByText(SecondFactorText.CodeNotValid)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(SecondFactorText.StepUpCodeLabel), '123 456');
    await user.click(within(dialog).getByRole('button', { name: SecondFactorText.StepUpConfirm }));
    expect(await screen.findByText('Shown: sk_live_full')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/secret/reveal',
      '/api/second-factor/step-up',
      '/api/second-factor/step-up',
      '/api/secret/reveal',
    ]);
    // The retried call is the same call.
    expect(calls[3]?.body).toEqual({ field: 'key' });
  });

  it('leaves the action undone when the person cancels, and says why', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderFeature(
      <>
        <RevealSecret />
        <StepUpDialog />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog', { name: SecondFactorText.StepUpTitle });
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    expect(await screen.findByText(`Shown: ${SecondFactorText.StepUpRequired}`)).toBeInTheDocument();
    expect(await screen.findByText(SecondFactorText.StepUpCancelled)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/secret/reveal']);
  });

  it('reads six digits as a code from the app and anything else as a recovery code', () => {
    expect(stepUpBodyOf(' 123 456 ')).toEqual({ code: '123456' });
    expect(stepUpBodyOf('k7m2-p9qr-x4ta')).toEqual({ recovery_code: 'k7m2-p9qr-x4ta' });
  });
});
