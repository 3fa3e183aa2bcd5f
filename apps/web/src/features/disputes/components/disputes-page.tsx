import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type DisputeCategory,
  DisputeCategoryLabel,
  type DisputeStatus,
  DisputeStatusLabel,
  disputeCategories,
  disputeStatuses,
} from '@portico/contracts/disputes/dispute-rules';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { type DisputeFilters, useDisputes } from '../api/disputes';
import { disputeColumns } from '../utils/dispute-columns.utils';
import { disputesExportBody } from '../utils/dispute-export.utils';

const statusOptions = disputeStatuses.map((status) => ({ value: status, label: DisputeStatusLabel[status] }));
const categoryOptions = disputeCategories.map((category) => ({
  value: category,
  label: DisputeCategoryLabel[category],
}));

function statusOfParam(value: string | null): DisputeStatus | null {
  return disputeStatuses.find((status) => status === value) ?? null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function merchantOfParam(value: string | null): string | null {
  return value !== null && uuidPattern.test(value) ? value : null;
}

// Staff and parents choose among the merchants they reach; a merchant user sees its own.
export function canChooseDisputeMerchant(actingRole: string): boolean {
  return actingRole === 'admin' || actingRole === 'parent';
}

// /disputes: the disputes of the caller's merchants, newest first, filtered by status, reason and
// the day they were opened (and merchant for staff and parents). A row opens its dispute.
export function DisputesPage() {
  const { actingRole, myClients } = useSignedInSession();
  const timeZone = useUserTimeZone();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const isChooser = canChooseDisputeMerchant(actingRole);
  const [category, setCategory] = useState<DisputeCategory | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The status and the merchant sit in the address, so Home's 'Disputes needing a response' and
  // Risk's dispute ratios open the grid filtered.
  const status = statusOfParam(searchParams.get('status'));
  const merchantId = merchantOfParam(searchParams.get('merchant'));
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true });
  };
  const filters = useMemo<DisputeFilters>(
    () => ({
      merchantId: isChooser ? merchantId : null,
      status,
      category,
      from: from === '' ? null : from,
      to: to === '' ? null : to,
    }),
    [isChooser, merchantId, status, category, from, to],
  );
  const disputes = useDisputes(filters);
  // 'All matching rows': the server writes every dispute these filters and the grid's own match.
  const exportBodyOf = useCallback<ServerExportBodyOf>(
    (format, state) => disputesExportBody(format, filters, state, timeZone),
    [filters, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport('disputes', exportBodyOf);
  // Days left are counted from when the rows were read.
  const now = useMemo(() => new Date(disputes.dataUpdatedAt || Date.now()), [disputes.dataUpdatedAt]);
  const columns = useMemo(() => disputeColumns(now, isChooser), [now, isChooser]);
  const merchantOptions = useMemo(() => {
    const options = (myClients ?? []).map((client) => ({ value: client.id, label: client.name }));
    // A merchant named in the address that is not among the caller's own clients (staff reach every
    // merchant): named from its rows.
    if (merchantId !== null && !options.some((option) => option.value === merchantId)) {
      const named = disputes.data?.find((row) => row.merchant_id === merchantId)?.merchant_name;
      options.push({ value: merchantId, label: named ?? 'Selected merchant' });
    }
    return options;
  }, [myClients, merchantId, disputes.data]);

  return (
    <Stack gap="md">
      <Title order={1}>Disputes</Title>
      <Text size="sm">
        Cardholders dispute card sales with their bank. Answer each with evidence before its respond-by date,
        or the amount and the chargeback fee stay taken.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {isChooser && (
          <Select
            label="Merchant"
            placeholder="All merchants"
            data={merchantOptions}
            value={merchantId}
            onChange={(value) => setParam('merchant', value)}
            searchable
            clearable
            nothingFoundMessage="Nothing found"
            w={{ base: '100%', sm: 300 }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={status}
          onChange={(value) => setParam('status', value)}
          clearable
          w={{ base: '100%', sm: 190 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Reason"
          placeholder="Any reason"
          data={categoryOptions}
          value={category}
          onChange={(value) => setCategory(disputeCategories.find((c) => c === value) ?? null)}
          clearable
          w={{ base: '100%', sm: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Opened from"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          label="Opened to"
          type="date"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
      </Group>
      {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
      <DataGrid
        ariaLabel="Disputes"
        columns={columns}
        rows={disputes.data ?? []}
        getRowId={(row) => row.id}
        isLoading={disputes.isPending}
        error={disputes.error ? apiErrorMessage(disputes.error, 'The disputes could not be loaded.') : null}
        onRefresh={() => void disputes.refetch()}
        timeZone={timeZone}
        height="max(420px, calc(100vh - 320px))"
        configKey="disputes"
        exportFileName="Disputes.xlsx"
        serverExport={serverExport}
        emptyText="No disputes match these filters."
        // A click opens the dispute; so does Enter on a row (the grid's activation).
        onRowClick={(row) => void navigate(`/disputes/${row.id}`)}
        onRowDoubleClick={(row) => void navigate(`/disputes/${row.id}`)}
      />
    </Stack>
  );
}
