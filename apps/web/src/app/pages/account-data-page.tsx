import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { z } from 'zod';
import { HierarchyPanel } from '../../features/account/components/panels/hierarchy-panel';
import { RequestsPanel } from '../../features/account/components/panels/requests-panel';
import { AccountUsersContactsPanel } from '../../features/account/components/panels/users-contacts-panel';
import {
  AccountDataView,
  type ComposedPanel,
} from '../../features/account-data/components/account-data-view';
import { CertificationPanel } from '../../features/developer-certification/components/certification-panel';
import { DocumentsView } from '../../features/documents/components/documents-view';
import { SubpricingAddForm } from '../../features/merchants/components/subpricing-add-form';
import { NotesView } from '../../features/notes/components/notes-view';

const clientIdParam = z.uuid();

// /account/{clientid}/data: the account data feature with the Users, Setup MCC Code,
// Edit Hierarchy, Ticket, Notes, Documents and Certification side panels of their own features.
export function AccountDataPage() {
  const clientId = clientIdParam.safeParse(useParams().clientid);
  if (!clientId.success) return <Alert color="red">This account address is not valid.</Alert>;
  const id = clientId.data;
  const panels: ComposedPanel[] = [
    // The account page's Users & Contacts (POST /api/user with client_id).
    { key: 'users', label: 'Users', render: () => <AccountUsersContactsPanel clientId={id} /> },
    // Setup MCC Code: the sub-pricing of one MCC code (POST /api/subpricing, the MCC
    // card-rate floor), the account page's Add MCC Code form.
    { key: 'mcc', label: 'Setup MCC Code', render: () => <SubpricingAddForm clientId={id} /> },
    {
      key: 'hierarchy',
      label: 'Edit Hierarchy',
      render: ({ parentName, onChanged }) => (
        <HierarchyPanel clientId={id} currentParentName={parentName} onDone={onChanged} />
      ),
    },
    // Ticket: a ticket e-mailed to support (POST /api/email), the account page's request
    // panel offering the ticket alone.
    {
      key: 'ticket',
      label: 'Ticket',
      render: ({ accountName }) => <RequestsPanel account={{ id, name: accountName }} kinds={['Ticket']} />,
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
    // Certification: the account's certification progress (GET /api/certification?id=).
    { key: 'certification', label: 'Certification', render: () => <CertificationPanel clientId={id} /> },
  ];
  return <AccountDataView clientId={id} panels={panels} />;
}
