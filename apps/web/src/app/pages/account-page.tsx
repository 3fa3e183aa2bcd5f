import { Alert, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { z } from 'zod';
import { useAccount } from '../../features/account/api/get-account';
import {
  AccountDetailPage,
  type AccountPanelSlots,
} from '../../features/account/components/account-detail-page';
import { AccountUsersContactsPanel } from '../../features/account/components/panels/users-contacts-panel';
import { WhiteLabelSection } from '../../features/branding/components/white-label-section';
import { DocumentsView } from '../../features/documents/components/documents-view';
import { CertificationPanel } from '../../features/enrollment-review/components/panels/certification-panel';
import { AccountSubpricing } from '../../features/merchants/components/account-subpricing';
import { SubpricingAddForm } from '../../features/merchants/components/subpricing-add-form';
import { NotesView } from '../../features/notes/components/notes-view';
import { useSignedInSession } from '../../lib/auth/session-context';

const clientIdParam = z.uuid();

// The app layer composes the account page with the panels other features own (bulletproof-react:
// features never import each other).
const slots: AccountPanelSlots = {
  notes: (account) => <NotesView subject={{ kind: 'client', id: account.id }} clientName={account.name} />,
  documents: (account) => <DocumentsView subject={{ kind: 'client', id: account.id }} isClientView={false} />,
  // Users & Contacts: GET /api/client/users and the account page's add form (POST /api/user).
  users: (account) => <AccountUsersContactsPanel clientId={account.id} />,
  // POST /api/subpricing with the MCC card-rate floor, from the merchants area.
  subpricing: (account) => <SubpricingAddForm clientId={account.id} />,
  subpricingTable: (account) => <AccountSubpricing clientId={account.id} />,
  // Developer enrollment: the lead developer in sandbox or production and the developer
  // e-mail (POST /api/enroll/developer, POST /api/email), named by the account's enrollment.
  developer: (account) => <CertificationPanel enrollmentId={account.enrollment_id} clientId={account.id} />,
};

// /account/{clientid}.
export function AccountPage() {
  const clientId = clientIdParam.safeParse(useParams().clientid);
  if (!clientId.success) return <Alert color="red">This account address is not valid.</Alert>;
  return (
    <Stack gap="md">
      <AccountDetailPage key={clientId.data} clientId={clientId.data} slots={slots} />
      <ParentWhiteLabel clientId={clientId.data} />
    </Stack>
  );
}

// Staff set a parent's white label below its account (the account's answer names its level).
function ParentWhiteLabel({ clientId }: { clientId: string }) {
  const { actingRole, user } = useSignedInSession();
  const account = useAccount(clientId);
  const isStaff = (actingRole === 'admin' || actingRole === 'healnow') && !user.processor_audit_user;
  if (!isStaff || account.data?.level !== 'Parent') return null;
  return <WhiteLabelSection clientId={clientId} />;
}
