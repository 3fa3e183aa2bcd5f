import type { MyClient } from '@portico/contracts/auth/my-clients';
import { Dropdown } from '../../../components/dropdown';
import {
  dashboardMerchantIdOfOption,
  dashboardMerchantOptions,
  optionOfDashboardMerchantId,
} from '../utils/dashboard-merchant.utils';

type DashboardMerchantSelectProps = {
  myClients: readonly MyClient[] | undefined;
  merchantId: string | null;
  onChange: (merchantId: string | null) => void;
};

// The admin's merchant dropdown: which merchant the metrics show.
export function DashboardMerchantSelect({ myClients, merchantId, onChange }: DashboardMerchantSelectProps) {
  return (
    <Dropdown
      label="Merchant"
      options={dashboardMerchantOptions(myClients ?? [])}
      value={optionOfDashboardMerchantId(merchantId)}
      onChange={(value) => onChange(dashboardMerchantIdOfOption(value))}
      isAutocomplete
      isDisabled={myClients === undefined}
      placeholder={myClients === undefined ? 'Loading merchants…' : undefined}
    />
  );
}
