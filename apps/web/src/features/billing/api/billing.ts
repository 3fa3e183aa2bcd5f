import {
  billingResponse,
  merchantBillsResponse,
  monthlyBillingMerchantsResponse,
  monthlyBillingResponse,
  monthlyBillingToggleResponse,
  payBillResponse,
} from '@portico/contracts/billing/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingKeys } from './keys';

// GET /api/billing: message.bill_details (Line Item) and message.rolling_billing.
export function useBilling() {
  return useQuery({
    queryKey: billingKeys.bills(),
    queryFn: ({ signal }) => apiRequest('/api/billing', { schema: billingResponse.shape.message, signal }),
  });
}

// POST /api/billing/{id}/pay: the server keys the payment by the bill, so a second click pays nothing.
export function usePayBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/billing/${id}/pay`, { method: 'POST', schema: payBillResponse.shape.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useMonthlyBilling() {
  return useQuery({
    queryKey: billingKeys.monthly(),
    queryFn: ({ signal }) =>
      apiRequest('/api/monthly-billing', { schema: monthlyBillingResponse.shape.message, signal }),
  });
}

export function useMonthlyBillingMerchants() {
  return useQuery({
    queryKey: billingKeys.merchants(),
    queryFn: ({ signal }) =>
      apiRequest('/api/monthly-billing/merchants', {
        schema: monthlyBillingMerchantsResponse.shape.message,
        signal,
      }),
  });
}

// On is a PUT, off is a DELETE.
export function useSetMonthlyBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      apiRequest(`/api/monthly-billing/merchants/${id}`, {
        method: isEnabled ? 'PUT' : 'DELETE',
        schema: monthlyBillingToggleResponse.shape.message,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

// POST /api/monthly-billing/merchants/{id}/merchant-bills {month}.
export function useCreateMerchantBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, month }: { id: string; month: string }) =>
      apiRequest(`/api/monthly-billing/merchants/${id}/merchant-bills`, {
        method: 'POST',
        body: { month },
        schema: merchantBillsResponse.shape.message,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
