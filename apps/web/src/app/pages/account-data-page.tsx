import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { z } from 'zod';
import { HierarchyPanel } from '../../features/account/components/panels/hierarchy-panel';
import {
  AccountDataView,
  type ComposedPanel,
} from '../../features/account-data/components/account-data-view';
import { DocumentsView } from '../../features/documents/components/documents-view';
import { UsersContactsPanel } from '../../features/enrollment-review/components/panels/users-contacts-panel';
import { NotesView } from '../../features/notes/components/notes-view';

const clientIdParam = z.uuid();

// /account/{clientid}/data (spec 2 §2.3): the account data feature with the Users, Edit Hierarchy,
// Notes and Documents side panels of their own features.
export function AccountDataPage() {
  const clientId = clientIdParam.safeParse(useParams().clientid);
  if (!clientId.success) return <Alert color="red">This account address is not valid.</Alert>;
  const id = clientId.data;
  const panels: ComposedPanel[] = [
    // The enrollment id is not used by the panel once the account exists.
    { key: 'users', label: 'Users', render: () => <UsersContactsPanel enrollmentId={id} clientId={id} /> },
    {
      key: 'hierarchy',
      label: 'Edit Hierarchy',
      render: ({ parentName, onChanged }) => (
        <HierarchyPanel clientId={id} currentParentName={parentName} onDone={onChanged} />
      ),
    },
    {
      key: 'notes',
      label: 'Notes',
      render: ({ accountName }) => <NotesView subject={{ kind: 'client', id }} clientName={accountName} />,
    },
    {
      key: 'documents',
      label: 'Documents',
      render: () => <DocumentsView subject={{ kind: 'client', id }} isClientView={false} />,
    },
  ];
  return <AccountDataView clientId={id} panels={panels} />;
}
