import type { SessionUser } from '@portico/contracts/access/session-user';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import type { DropdownOption } from '../../../components/dropdown.utils';

// The admin's merchant dropdown: which merchant the metrics show. 'All Merchants' sends no id, and
// the server then covers every merchant in the admin's reach.
export const allMerchantsOption: DropdownOption = { value: 'all', label: 'All Merchants' };

export function dashboardMerchantOptions(myClients: readonly MyClient[]): DropdownOption[] {
  const clients = [...myClients].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [allMerchantsOption, ...clients.map((client) => ({ value: client.id, label: client.name }))];
}

// Default: the user's default client; staff without one see every merchant.
export function defaultDashboardMerchantId(user: Pick<SessionUser, 'account'>): string | null {
  return user.account.default_client?.id ?? null;
}

export function dashboardMerchantIdOfOption(value: string | null): string | null {
  return value === null || value === allMerchantsOption.value ? null : value;
}

export function optionOfDashboardMerchantId(merchantId: string | null): string {
  return merchantId ?? allMerchantsOption.value;
}
