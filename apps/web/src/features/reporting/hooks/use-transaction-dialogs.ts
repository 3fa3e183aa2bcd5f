import { useCallback, useMemo, useState } from 'react';
import type { TransactionSubject } from '../utils/transaction-view.utils';

export type TransactionDialogKind = 'detail' | 'void' | 'refund';

// One dialog at a time over a report: the detail viewer, or the void or refund dialog (opened from
// a grid button or from the detail viewer). The subject stays while a dialog animates out.
export type TransactionDialogState = {
  kind: TransactionDialogKind | null;
  subject: TransactionSubject | null;
};

export function useTransactionDialogs() {
  const [state, setState] = useState<TransactionDialogState>({ kind: null, subject: null });
  // Stable, so grid columns built with them keep their identity.
  const openDetail = useCallback((subject: TransactionSubject) => setState({ kind: 'detail', subject }), []);
  const openVoid = useCallback((subject: TransactionSubject) => setState({ kind: 'void', subject }), []);
  const openRefund = useCallback((subject: TransactionSubject) => setState({ kind: 'refund', subject }), []);
  const close = useCallback(() => setState((old) => ({ ...old, kind: null })), []);
  return useMemo(
    () => ({ state, openDetail, openVoid, openRefund, close }),
    [state, openDetail, openVoid, openRefund, close],
  );
}

export type TransactionDialogs = ReturnType<typeof useTransactionDialogs>;
