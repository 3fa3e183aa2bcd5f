import type { MerchantPermissionGrants } from '@portico/contracts/transactions/void-refund-eligibility';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { reportTransactionQueryOptions } from '../api/get-report-transaction';
import type { TransactionDialogs as Dialogs } from '../hooks/use-transaction-dialogs';
import type { ReportAbilities } from '../utils/report-permissions.utils';
import { subjectOfReportRow, transactionActionsOf } from '../utils/transaction-view.utils';
import { RefundDialogBody } from './refund-dialog';
import { TransactionDetail } from './transaction-detail';
import { VoidDialogBody } from './void-dialog';

type TransactionDialogsProps = {
  dialogs: Dialogs;
  abilities: ReportAbilities;
  grants: MerchantPermissionGrants;
  now: Date;
  formatDateTime: (iso: string) => string;
  // A void or refund went through: the list refreshes.
  onChanged: () => void;
};

export function TransactionDialogs({
  dialogs,
  abilities,
  grants,
  now,
  formatDateTime,
  onChanged,
}: TransactionDialogsProps) {
  const queryClient = useQueryClient();
  // The link being opened, and why the last one could not be (shown only on the transaction it was
  // opened from).
  const [opening, setOpening] = useState<{ id: string | null; error: string | null; fromId: string | null }>({
    id: null,
    error: null,
    fromId: null,
  });
  const { kind, subject } = dialogs.state;
  if (subject === null) return null;
  // A linked original, void or refund replaces the one shown, read fresh from the report.
  const openTransaction = (id: string) => {
    const fromId = subject.transaction.id;
    setOpening({ id, error: null, fromId });
    queryClient.fetchQuery(reportTransactionQueryOptions(id)).then(
      (row) => {
        setOpening({ id: null, error: null, fromId: null });
        dialogs.openDetail(subjectOfReportRow(row));
      },
      (error: unknown) =>
        setOpening({
          id: null,
          error: error instanceof ApiError ? error.message : 'The transaction could not be opened.',
          fromId,
        }),
    );
  };
  const actions = transactionActionsOf(subject.transaction, now, grants);
  const done = () => {
    dialogs.close();
    onChanged();
  };

  return (
    <>
      <Modal isOpen={kind === 'detail'} title="Transaction Details" onClose={dialogs.close} isLarge>
        <TransactionDetail
          subject={subject}
          canSeeAdvancedFields={abilities.canSeeAdvancedFields}
          actions={actions}
          formatDateTime={formatDateTime}
          onVoid={() => dialogs.openVoid(subject)}
          onRefund={() => dialogs.openRefund(subject)}
          openingId={opening.id}
          openError={opening.fromId === subject.transaction.id ? opening.error : null}
          onOpenTransaction={openTransaction}
        />
      </Modal>
      <Modal isOpen={kind === 'void'} title="Void Transaction" onClose={dialogs.close}>
        <VoidDialogBody
          key={subject.transaction.id}
          subject={subject}
          formatDateTime={formatDateTime}
          onVoided={done}
          onCancel={dialogs.close}
        />
      </Modal>
      <Modal isOpen={kind === 'refund'} title="Refund Transaction" onClose={dialogs.close}>
        <RefundDialogBody
          key={subject.transaction.id}
          subject={subject}
          formatDateTime={formatDateTime}
          onRefunded={done}
          onCancel={dialogs.close}
        />
      </Modal>
    </>
  );
}
