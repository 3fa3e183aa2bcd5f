import type { MerchantPermissionGrants } from '@portico/contracts/transactions/void-refund-eligibility';
import { Modal } from '../../../components/modal';
import type { TransactionDialogs as Dialogs } from '../hooks/use-transaction-dialogs';
import type { ReportAbilities } from '../utils/report-permissions.utils';
import { transactionActionsOf } from '../utils/transaction-view.utils';
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
  const { kind, subject } = dialogs.state;
  if (subject === null) return null;
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
          onRefunded={done}
          onCancel={dialogs.close}
        />
      </Modal>
    </>
  );
}
