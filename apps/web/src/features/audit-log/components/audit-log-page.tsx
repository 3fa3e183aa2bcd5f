import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { AuditLogText, auditActionLabels, auditLogPageSizeDefault } from '@portico/contracts/audit/audit-log';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useAuditLogPage } from '../api/get-audit-log';
import { auditLogColumns } from '../utils/audit-log-columns.utils';
import { auditLogExportBody } from '../utils/audit-log-export.utils';
import {
  type AuditLogFilters,
  auditLogFiltersProblem,
  emptyAuditLogFilters,
  toAuditLogQuery,
} from '../utils/audit-log-query.utils';
import { exportAuditLog } from '../utils/export-audit-log';

const actionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

// /audit (staff): every audited action, filtered by actor, action, merchant and
// date, a page of 100 at a time from the server (newest first), exported whole to Excel.
export function AuditLogPage() {
  const timeZone = useUserTimeZone();
  const { myClients } = useSignedInSession();
  const [draft, setDraft] = useState<AuditLogFilters>(emptyAuditLogFilters);
  const [filters, setFilters] = useState<AuditLogFilters>(emptyAuditLogFilters);
  // Cursors of the pages before the current one; empty on the newest page.
  const [cursors, setCursors] = useState<string[]>([]);
  const [exportedRows, setExportedRows] = useState<number | null>(null);
  const baseQuery = useMemo(
    () => toAuditLogQuery(filters, timeZone, auditLogPageSizeDefault),
    [filters, timeZone],
  );
  const before = cursors.at(-1);
  const page = useAuditLogPage(before ? { ...baseQuery, before } : baseQuery);
  const merchantOptions = useMemo(
    () => (myClients ?? []).map((client) => ({ value: client.id, label: client.name })),
    [myClients],
  );
  const problem = auditLogFiltersProblem(draft);
  const rows = page.data?.rows ?? [];
  const nextBefore = page.data?.next_before ?? null;
  const isExporting = exportedRows !== null;
  // 'All matching rows': the server writes every entry the applied filters and the grid's own match.
  const exportBodyOf = useCallback<ServerExportBodyOf>(
    (format, state) => auditLogExportBody(format, baseQuery, state, timeZone),
    [baseQuery, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport('audit-log', exportBodyOf);

  function search(event: FormEvent) {
    event.preventDefault();
    if (problem !== null) return;
    setFilters(draft);
    setCursors([]);
  }

  function clear() {
    setDraft(emptyAuditLogFilters);
    setFilters(emptyAuditLogFilters);
    setCursors([]);
  }

  async function exportAll() {
    setExportedRows(0);
    try {
      const result = await exportAuditLog(baseQuery, auditLogColumns, {
        fileName: AuditLogText.ExportFileName,
        timeZone,
        onProgress: setExportedRows,
      });
      if (result.isTruncated) {
        void showToast({
          text: `Exported the newest ${result.rowCount} entries: narrow the filters for the rest.`,
          type: 'warning',
        });
      }
    } catch {
      void showToast({ text: 'The export failed.', type: 'danger' });
    } finally {
      setExportedRows(null);
    }
  }

  const errorText =
    page.error === null
      ? null
      : page.error instanceof ApiError
        ? page.error.message
        : AuditLogText.LoadFailed;

  return (
    <Stack gap="md">
      <Title order={1}>{AuditLogText.Title}</Title>
      <form onSubmit={search} aria-label="Audit log filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Actor e-mail"
            type="email"
            w={{ base: '100%', sm: 240 }}
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.currentTarget.value })}
          />
          <Select
            label="Action"
            placeholder="Any action"
            data={actionOptions}
            clearable
            searchable
            w={{ base: '100%', sm: 220 }}
            value={draft.action}
            onChange={(action) => setDraft({ ...draft, action })}
          />
          <Select
            label="Merchant"
            placeholder="Any merchant"
            data={merchantOptions}
            clearable
            searchable
            limit={50}
            w={{ base: '100%', sm: 240 }}
            value={draft.merchant}
            onChange={(merchant) => setDraft({ ...draft, merchant })}
          />
          <TextInput
            type="date"
            label="From"
            w={{ base: '47%', sm: 160 }}
            value={draft.fromDay}
            max={draft.toDay || undefined}
            onChange={(event) => setDraft({ ...draft, fromDay: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            w={{ base: '47%', sm: 160 }}
            value={draft.toDay}
            min={draft.fromDay || undefined}
            onChange={(event) => setDraft({ ...draft, toDay: event.currentTarget.value })}
          />
          <Group gap="xs">
            <Button type="submit" disabled={problem !== null}>
              Search
            </Button>
            <Button variant="default" onClick={clear}>
              Clear
            </Button>
          </Group>
        </Group>
      </form>
      {problem !== null && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Button variant="default" size="sm" disabled={cursors.length === 0} onClick={() => setCursors([])}>
            Newest
          </Button>
          <Button
            variant="default"
            size="sm"
            disabled={cursors.length === 0}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="default"
            size="sm"
            disabled={nextBefore === null || page.isPlaceholderData}
            onClick={() => nextBefore && setCursors([...cursors, nextBefore])}
          >
            Older
          </Button>
          <Text size="sm" role="status" aria-live="polite">
            {page.isPending ? 'Loading…' : `Page ${cursors.length + 1}: ${rows.length} entries, newest first`}
          </Text>
        </Group>
        <Button
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={isExporting}
          onClick={() => void exportAll()}
          disabled={rows.length === 0}
        >
          Export all to Excel
        </Button>
      </Group>
      {isExporting && (
        <Text size="sm" role="status">{`Reading entries for the export: ${exportedRows}`}</Text>
      )}
      {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
      {!page.isPending && errorText === null && rows.length === 0 ? (
        <Text role="status">{AuditLogText.Empty}</Text>
      ) : (
        <DataGrid
          ariaLabel="Audit log"
          columns={auditLogColumns}
          rows={rows}
          getRowId={(row) => row.id}
          isLoading={page.isPending}
          error={errorText}
          onRefresh={() => void page.refetch()}
          timeZone={timeZone}
          height="max(480px, calc(100vh - 330px))"
          showGroupPanel={false}
          exportFileName={AuditLogText.ExportFileName}
          configKey="audit-log"
          serverExport={serverExport}
        />
      )}
    </Stack>
  );
}
