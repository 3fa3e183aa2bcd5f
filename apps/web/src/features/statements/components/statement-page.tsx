import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { defaultStatementMonth } from '@portico/contracts/statements/statement-month';
import { StatementText, statementFileName } from '@portico/contracts/statements/statements';
import { useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useStatementLines } from '../api/get-statement-lines';
import { useStatementNotes } from '../api/get-statement-notes';
import { useStatementSupport } from '../api/get-statement-support';
import { statementLineColumns } from '../utils/statement-columns.utils';
import { statementPdfHref } from '../utils/statement-link.utils';
import { canChooseStatementMerchant, ownStatementMerchant, todayUtc } from '../utils/statement-scope.utils';
import { StatementMerchantPicker, StatementMonthPicker } from './statement-filters';

// /statement: the posting note, 'Statement For' (admin and parent), 'Select Month' (the
// previous month first), the PDF link once both are chosen, the grid (Statement.xlsx), Notes and the
// support disclaimer the server answers (the PDF's, with the configured SUPPORT_PHONE).
export function StatementPage() {
  const session = useSignedInSession();
  const timeZone = useUserTimeZone();
  const today = todayUtc();
  const canChooseMerchant = canChooseStatementMerchant(session.actingRole);
  const [chosenMerchant, setChosenMerchant] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(() => defaultStatementMonth(today));
  const merchantId = canChooseMerchant ? chosenMerchant : ownStatementMerchant(session);
  const hasBoth = merchantId !== null && month !== null;
  const lines = useStatementLines(merchantId, month ?? '', { enabled: hasBoth });
  const notes = useStatementNotes();
  const support = useStatementSupport();

  return (
    <Stack gap="md">
      <Title order={1}>{StatementText.PageTitle}</Title>
      <Text size="sm" c="dimmed">
        {StatementText.PostingNote}
      </Text>
      <Group align="flex-end" gap="md">
        {canChooseMerchant && (
          <StatementMerchantPicker
            label={StatementText.AccountLabel}
            value={chosenMerchant}
            onChange={setChosenMerchant}
          />
        )}
        <StatementMonthPicker today={today} value={month} onChange={setMonth} />
        {hasBoth ? (
          <Anchor href={statementPdfHref(merchantId, month, session.viewAsClientId)} download>
            {StatementText.DownloadPdf}
          </Anchor>
        ) : (
          <Text size="sm">{StatementText.PdfHint}</Text>
        )}
      </Group>
      <DataGrid
        ariaLabel={StatementText.PageTitle}
        columns={statementLineColumns}
        rows={lines.data ?? []}
        isLoading={hasBoth && lines.isPending}
        error={lines.error ? lines.error.message : null}
        onRefresh={() => void lines.refetch()}
        timeZone={timeZone}
        height={500}
        showTotals
        showSidePanel={false}
        showGroupPanel={false}
        exportFileName={statementFileName}
      />
      <Text size="sm">
        <Text span fw={600}>
          {StatementText.NotesLabel}:{' '}
        </Text>
        {(notes.data ?? []).map((note) => note[3]).join(' · ')}
      </Text>
      {support.data && (
        <Text size="xs" c="dimmed">
          {support.data.disclaimer}
        </Text>
      )}
    </Stack>
  );
}
