import {
  EnablementText,
  proPaySuccessCode,
} from '@portico/contracts/processor-enablement/processor-enablement';
import type { EnablementAnswer, EnablementRequest } from '../api/enable-processor';

export type EnablementMessage = { isSuccess: boolean; text: string; reason: string | null };

// The texts of an answered enablement call.
export function enablementMessageOf(answer: EnablementAnswer): EnablementMessage {
  if (answer.processor === 'epx') {
    const merchantId = answer.result.message.epx_results.third.merchantId;
    return merchantId
      ? { isSuccess: true, text: EnablementText.MerchantEnabled(merchantId), reason: null }
      : {
          isSuccess: false,
          text: EnablementText.MerchantEnablementFailed,
          reason: answer.result.message.reason,
        };
  }
  if (answer.processor === 'forumpay') {
    const {
      is_forum_pay_enabled: isEnabled,
      forum_pay_identifier: identifier,
      reason,
    } = answer.result.message;
    return isEnabled && identifier
      ? { isSuccess: true, text: EnablementText.MerchantEnabled(identifier), reason: null }
      : { isSuccess: false, text: EnablementText.MerchantEnablementFailed, reason };
  }
  const { pro_pay_status_code: code, is_new_account: isNewAccount, reason } = answer.result;
  if (code !== proPaySuccessCode)
    return { isSuccess: false, text: EnablementText.ProPayFailed(code), reason };
  return {
    isSuccess: true,
    text: isNewAccount ? EnablementText.ProPayEnrolled : EnablementText.ProPayEnabled,
    reason: null,
  };
}

// The texts of a call that failed (refused, or no answer).
export function enablementErrorTextOf(request: EnablementRequest, message: string): string {
  if (request.processor === 'epx') return EnablementText.EpxError(message);
  if (request.processor === 'forumpay') return EnablementText.ForumPayError(message);
  return EnablementText.ProPayError(message);
}
