import { describe, expect, it } from 'vitest';
import { enablementErrorTextOf, enablementMessageOf } from './enablement-messages.utils';

describe('enablementMessageOf', () => {
  it('names the EPX merchant id, or points at the event log when EPX declined', () => {
    const epx = (merchantId: string | null) => ({
      processor: 'epx' as const,
      result: { message: { epx_results: { third: { merchantId } }, reason: merchantId ? null : 'declined' } },
    });
    expect(enablementMessageOf(epx('900112345678'))).toEqual({
      isSuccess: true,
      text: 'Merchant enabled successfully: 900112345678',
      reason: null,
    });
    expect(enablementMessageOf(epx(null))).toEqual({
      isSuccess: false,
      text: 'Error with merchant enablement, check event logs',
      reason: 'declined',
    });
  });

  it("succeeds for ProPay only on '00': enrolled for a new account, enabled for an existing one", () => {
    const proPay = (code: string, isNew: boolean) => ({
      processor: 'propay' as const,
      result: { pro_pay_status_code: code, is_new_account: isNew, propay_mid: null, reason: null },
    });
    expect(enablementMessageOf(proPay('00', true)).text).toBe('ProPay Enrolled Successfully!');
    expect(enablementMessageOf(proPay('00', false)).text).toBe('ProPay Enabled Successfully!');
    expect(enablementMessageOf(proPay('58', false))).toEqual({
      isSuccess: false,
      text: 'Propay called failed with status code: 58',
      reason: null,
    });
  });

  it('names the ForumPay identifier or points at the event log', () => {
    const forumPay = (isEnabled: boolean) => ({
      processor: 'forumpay' as const,
      result: {
        message: {
          is_forum_pay_enabled: isEnabled,
          forum_pay_identifier: isEnabled ? 'fp-abc' : null,
          reason: null,
        },
      },
    });
    expect(enablementMessageOf(forumPay(true)).text).toBe('Merchant enabled successfully: fp-abc');
    expect(enablementMessageOf(forumPay(false)).text).toBe(
      'Error with merchant enablement, check event logs',
    );
  });
});

describe('enablementErrorTextOf', () => {
  it('prefixes the refusal with the processor text', () => {
    expect(enablementErrorTextOf({ processor: 'epx', option: 'none' }, 'busy')).toBe(
      'Error enabling epx: busy',
    );
    expect(enablementErrorTextOf({ processor: 'forumpay' }, 'busy')).toBe('Error enabling forumpay: busy');
    expect(enablementErrorTextOf({ processor: 'propay', isAchOnly: true }, 'busy')).toBe(
      'Error enrolling into propay: busy',
    );
  });
});
