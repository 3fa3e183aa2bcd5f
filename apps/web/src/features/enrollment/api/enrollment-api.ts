import {
  approvedMccCodesResponse,
  type EnrollBody,
  enrollResponse,
  type MccOption,
  mccOptions,
  type OnboardingRow,
  onboardingListResponse,
  type ParentOption,
  parentAssignmentResponse,
} from '@portico/contracts/enrollment/enroll';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const enrollmentKeys = {
  all: ['enrollment'] as const,
  mccCodes: () => [...enrollmentKeys.all, 'approved-mcc-codes'] as const,
  parents: () => [...enrollmentKeys.all, 'parent-assignment'] as const,
  onboarding: () => [...enrollmentKeys.all, 'onboarding'] as const,
};

// GET /api/approved-mcc-codes: '{description} #{code}' options sorted by label.
export async function getMccOptions(signal?: AbortSignal): Promise<MccOption[]> {
  const codes = await apiRequest('/api/approved-mcc-codes', {
    schema: approvedMccCodesResponse.shape.message,
    signal,
  });
  return mccOptions(codes);
}

// A failed load is logged only; the dropdown stays empty.
export function useMccOptions() {
  return useQuery({
    queryKey: enrollmentKeys.mccCodes(),
    queryFn: ({ signal }) =>
      getMccOptions(signal).catch((error: unknown) => {
        console.error('MCC codes failed to load', error);
        return [];
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useParentOptions() {
  return useQuery({
    queryKey: enrollmentKeys.parents(),
    queryFn: ({ signal }): Promise<ParentOption[]> =>
      apiRequest('/api/parent-assignment', { schema: parentAssignmentResponse.shape.message, signal }).catch(
        (error: unknown) => {
          console.error('Parents failed to load', error);
          return [];
        },
      ),
  });
}

export function useEnroll() {
  return useMutation({
    mutationFn: (body: EnrollBody) =>
      apiRequest('/api/enroll', { method: 'POST', schema: enrollResponse.shape.message, body }),
  });
}

export function useOnboardingRows() {
  return useQuery({
    queryKey: enrollmentKeys.onboarding(),
    queryFn: ({ signal }): Promise<OnboardingRow[]> =>
      apiRequest('/api/portal/onboarding-meta', { schema: onboardingListResponse.shape.message, signal }),
  });
}
