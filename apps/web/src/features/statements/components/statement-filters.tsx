import { Select } from '@mantine/core';
import { statementMonthLabel, statementMonthOptions } from '@portico/contracts/statements/statement-month';
import { StatementText } from '@portico/contracts/statements/statements';
import { useMemo } from 'react';
import { useStatementMerchants } from '../api/get-statement-merchants';

type MonthPickerProps = { today: string; value: string | null; onChange: (month: string | null) => void };

// 'Select Month': two years back to the current month, newest first.
export function StatementMonthPicker({ today, value, onChange }: MonthPickerProps) {
  const options = useMemo(
    () => statementMonthOptions(today).map((month) => ({ value: month, label: statementMonthLabel(month) })),
    [today],
  );
  return (
    <Select
      label={StatementText.MonthLabel}
      data={options}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      w={220}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

type MerchantPickerProps = {
  label: string;
  value: string | null;
  onChange: (merchantId: string | null) => void;
  // A filter (the payouts tab): none chosen means every merchant, so it can be cleared; it shows once
  // the merchants are known, and only to a caller who reaches more than one (for one it would filter
  // nothing). Otherwise a choice the page needs ('Statement For').
  isFilter?: boolean;
};

// The merchants the caller reaches ('Statement For', the payouts merchant filter).
export function StatementMerchantPicker({ label, value, onChange, isFilter = false }: MerchantPickerProps) {
  const merchants = useStatementMerchants({ enabled: true });
  const options = useMemo(
    () => (merchants.data ?? []).map((merchant) => ({ value: merchant.id, label: merchant.name })),
    [merchants.data],
  );
  if (isFilter && (merchants.isPending || options.length <= 1)) return null;
  return (
    <Select
      label={label}
      placeholder={StatementText.AccountPlaceholder}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable={isFilter}
      nothingFoundMessage="Nothing found"
      w={300}
      disabled={merchants.isPending}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
