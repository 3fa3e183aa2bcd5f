import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { CryptoLabel, type CryptoStatus, CryptoText } from '@portico/contracts/crypto/crypto-status';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderDashboard } from '../test/render-dashboard';
import { CryptoTools } from './crypto-tools';

const merchantId = '44444444-4444-4444-8444-444444444444';
const user = buildSessionUser({ user_type: 'user', defaultClientId: merchantId });
const kycLink = `https://portal.test/api/crypto/sandbox/kyc?merchant-id=${merchantId}&token=v1.1.abc`;
const statusPath = `GET /api/crypto/status?merchant-id=${merchantId}`;

const pending: CryptoStatus = {
  crypto_provider: 'forumpay',
  crypto_status: 'pending',
  crypto_enabled: false,
  crypto_kyc_link: kycLink,
};
const enabled: CryptoStatus = {
  crypto_provider: 'forumpay',
  crypto_status: 'enabled',
  crypto_enabled: true,
  crypto_kyc_link: null,
};
const keys = ok([
  { id: merchantId, name: 'Ledger Lane', parent_id: null, apikey: '****dger', public_key: 'pk_ledger' },
]);

function answers(status: CryptoStatus): Record<string, StubbedAnswer> {
  return {
    '/api/crypto/status': ok(status),
    '/api/crypto/kyc-sso': ok({ kyc_link: status.crypto_enabled ? null : kycLink }),
    '/api/user/apikeys': keys,
  };
}

function button(name: string) {
  return screen.getByRole('button', { name });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('crypto tools', () => {
  it('before KYC: Complete KYC opens the provider link in a new tab and Payment Page is disabled', async () => {
    stubFetch(answers(pending));
    renderDashboard(<CryptoTools isParent={false} />, { user });

    const complete = await screen.findByRole('link', { name: CryptoLabel.CompleteKyc });
    expect(complete).toHaveAttribute('href', kycLink);
    expect(complete).toHaveAttribute('target', '_blank');
    expect(button(CryptoLabel.PaymentPage)).toBeDisabled();
    expect(screen.getByText(CryptoText.KycRequired)).toBeInTheDocument();
    expect(screen.queryByText(CryptoLabel.SubMerchantSignUp)).not.toBeInTheDocument();
  });

  it('after KYC: Complete KYC is disabled and Payment Page opens the link builder of the merchant key', async () => {
    const fetchMock = stubFetch(answers(enabled));
    renderDashboard(<CryptoTools isParent={false} />, { user });

    const paymentPage = await screen.findByRole('link', { name: CryptoLabel.PaymentPage });
    expect(button(CryptoLabel.CompleteKyc)).toBeDisabled();
    expect(screen.queryByText(CryptoText.KycRequired)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(paymentPage).toHaveAttribute('href', '/createlink/pk_ledger'));
    await userEvent.click(paymentPage);
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toBe(
      '/createlink/pk_ledger',
    );
    // No KYC to complete: the sign-on link is not asked for.
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('GET /api/crypto/kyc-sso'))).toBe(false);
  });

  it('a parent crypto entity also sees the sub-merchant sign-up link', async () => {
    stubFetch(answers(enabled));
    renderDashboard(<CryptoTools isParent />, {
      user: buildSessionUser({ user_type: 'parent', defaultClientId: merchantId, merchantLevel: 'Parent' }),
    });

    const signUp = await screen.findByRole('link', { name: CryptoLabel.SubMerchantSignUp });
    expect(signUp).toHaveAttribute('href', '/enroll-portal-page');
  });

  it('keeps both buttons disabled and says so when the status cannot be loaded', async () => {
    stubFetch({
      ...answers(enabled),
      '/api/crypto/status': { status: 500, body: { status: false, error: { code: 'X', message: 'boom' } } },
    });
    renderDashboard(<CryptoTools isParent={false} />, { user });

    expect(await screen.findByText(CryptoText.StatusFailed)).toBeInTheDocument();
    expect(button(CryptoLabel.CompleteKyc)).toBeDisabled();
    expect(button(CryptoLabel.PaymentPage)).toBeDisabled();
  });

  it('refreshes the status every 4 seconds while forumpay KYC is pending, and stops once enabled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stubbed = answers(pending);
    const fetchMock = stubFetch(stubbed);
    renderDashboard(<CryptoTools isParent={false} />, { user });
    await screen.findByRole('link', { name: CryptoLabel.CompleteKyc });
    const statusCalls = () => requestedPaths(fetchMock).filter((path) => path === statusPath).length;
    expect(statusCalls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(statusCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(statusCalls()).toBe(2);

    // The merchant completes KYC in the provider's tab.
    stubbed['/api/crypto/status'] = ok(enabled);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(await screen.findByRole('link', { name: CryptoLabel.PaymentPage })).toBeInTheDocument();
    expect(button(CryptoLabel.CompleteKyc)).toBeDisabled();
    const afterEnabled = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(statusCalls()).toBe(afterEnabled);
  });
});
