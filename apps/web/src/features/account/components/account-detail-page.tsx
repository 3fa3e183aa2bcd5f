import { Alert, Drawer, Loader, Paper, Stack, Title } from '@mantine/core';
import { type AccountDetail, AccountText, updateFailedText } from '@portico/contracts/clients/account-detail';
import type { AccountFieldName } from '@portico/contracts/clients/account-fields';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EditSaveButtons, SaveConfirmBar, useRecordEdit } from '../../../components/record-edit';
import { RecordHeader } from '../../../components/record-header';
import { showToast } from '../../../components/toasts';
import { ViewAsButton } from '../../../components/view-as-button';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useEditAccount } from '../api/edit-account';
import { useAccount } from '../api/get-account';
import { useMccCodes } from '../api/get-mcc';
import { useRevealAccountField } from '../api/reveal-account-field';
import {
  type AccountFormValues,
  buildEditDraft,
  changedFieldCount,
  editProblemsOf,
  formValuesOf,
} from '../utils/account-form.utils';
import { type AccountPanel, ActionsMenu, accountPanelTitles, LinksMenu } from './account-menus';
import { AccountSection } from './account-section';
import { LogoUpload } from './logo-upload';
import { EventsPanel } from './panels/events-panel';
import { HierarchyPanel } from './panels/hierarchy-panel';
import { IdsPanel } from './panels/ids-panel';
import { RequestsPanel } from './panels/requests-panel';
import { PayoutVolumeChart } from './payout-volume-chart';

// Who may start viewing the portal as another client (the server checks the hierarchy).
const viewAsStarters: readonly string[] = ['admin', 'healnow', 'parent'];

// Panels another feature provides; the app layer composes them (features never import features).
export type AccountPanelSlots = {
  notes: (account: AccountDetail) => ReactNode;
  documents: (account: AccountDetail) => ReactNode;
  users: (account: AccountDetail) => ReactNode;
  // Add sub-pricing per MCC (the sub-pricing form of the merchants area).
  subpricing: (account: AccountDetail) => ReactNode;
  // A parent's sub-pricing table (the Merchants page's table for this client).
  subpricingTable: (account: AccountDetail) => ReactNode;
  // Developer enrollment (the enrollment page's certification panel), for an account with an
  // enrollment.
  developer: (account: AccountDetail & { enrollment_id: string }) => ReactNode;
};

type AccountDetailPageProps = { clientId: string; slots: AccountPanelSlots };

// /account/{clientid}. The record, the payout chart and the MCC list are asked for
// together on first paint: one round of parallel requests, not a waterfall.
export function AccountDetailPage({ clientId, slots }: AccountDetailPageProps) {
  const account = useAccount(clientId);
  const mcc = useMccCodes();
  if (account.isPending) {
    return (
      <Stack gap="md">
        <Loader aria-label="Loading account" />
        <PayoutVolumeChart clientId={clientId} />
      </Stack>
    );
  }
  if (account.isError) {
    return (
      <Alert color="red" title="The account could not be loaded.">
        {account.error.message}
      </Alert>
    );
  }
  const mccCode = account.data.fields.mcc_code;
  const baseRate = mcc.data?.find((code) => code.mcc_code === mccCode)?.card_rate ?? null;
  return <AccountView account={account.data} slots={slots} mccBaseRate={baseRate} />;
}

type AccountViewProps = { account: AccountDetail; slots: AccountPanelSlots; mccBaseRate: string | null };

function AccountView({ account, slots, mccBaseRate }: AccountViewProps) {
  const { user, actingRole, isViewingAs } = useSignedInSession();
  const [panel, setPanel] = useState<AccountPanel | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const form = useForm<AccountFormValues>({ defaultValues: formValuesOf(account) });
  const edit = useEditAccount(account.id);
  const reveal = useRevealAccountField(account.id);
  const editing = useRecordEdit({
    record: account,
    form,
    valuesOf: formValuesOf,
    save: edit.mutateAsync,
    savedText: AccountText.Updated,
    failedText: updateFailedText,
  });

  function askToSave() {
    const draft = buildEditDraft(account, form.getValues());
    if (changedFieldCount(draft) === 0) {
      editing.stopEditing();
      return;
    }
    // Refused values are named under their fields before anything is sent.
    form.clearErrors();
    const problems = Object.entries(editProblemsOf(account, draft));
    for (const [field, message] of problems) form.setError(field, { type: 'validate', message });
    if (problems.length > 0) return;
    editing.askToConfirm(draft);
  }

  async function revealField(field: AccountFieldName) {
    try {
      const result = await reveal.mutateAsync(field);
      setRevealed((current) => ({ ...current, [field]: result.value }));
    } catch (error) {
      showToast({
        text: error instanceof Error ? error.message : AccountText.RevealNotAllowed,
        type: 'danger',
      });
    }
  }

  const panelContent: Record<AccountPanel, () => ReactNode> = {
    ids: () => <IdsPanel account={account} />,
    events: () => <EventsPanel clientId={account.id} />,
    notes: () => slots.notes(account),
    documents: () => slots.documents(account),
    users: () => slots.users(account),
    subpricing: () => slots.subpricing(account),
    requests: () => <RequestsPanel account={account} />,
    developer: () => {
      const enrollmentId = account.enrollment_id;
      return enrollmentId ? slots.developer({ ...account, enrollment_id: enrollmentId }) : null;
    },
    hierarchy: () => (
      <HierarchyPanel
        clientId={account.id}
        currentParentName={account.parent?.name ?? null}
        onDone={() => setPanel(null)}
      />
    ),
  };

  // Staff, and a parent over this account, open the portal as it sees it (the server
  // decides; a merchant user or a processor-audit user is not offered it).
  const canViewAsAccount =
    !isViewingAs &&
    !user.processor_audit_user &&
    viewAsStarters.includes(actingRole) &&
    account.id !== user.account.default_client?.id;

  return (
    <Stack gap="md">
      <RecordHeader
        title={account.name}
        subtitle={`${account.level}${account.parent ? ` · Parent: ${account.parent.name}` : ''}`}
      >
        {canViewAsAccount && <ViewAsButton clientId={account.id} variant="default" />}
        <ActionsMenu account={account} onOpen={setPanel} />
        <LinksMenu account={account} onOpen={setPanel} />
        {account.view.can_edit && (
          <EditSaveButtons edit={editing} isSaving={edit.isPending} onSave={askToSave} />
        )}
      </RecordHeader>
      <SaveConfirmBar edit={editing} message={AccountText.ConfirmSave} isSaving={edit.isPending} />
      <PayoutVolumeChart clientId={account.id} />
      <LogoUpload clientId={account.id} hasLogo={account.has_logo} canUpload={account.view.can_edit} />
      <form
        aria-label={`Account ${account.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (editing.isEditing) askToSave();
        }}
      >
        <Stack gap="md">
          {account.view.sections.map((section) => (
            <AccountSection
              key={section}
              account={account}
              section={section}
              isEditing={editing.isEditing}
              form={form}
              revealed={revealed}
              onReveal={(field) => void revealField(field)}
              mccBaseRate={mccBaseRate}
            />
          ))}
        </Stack>
      </form>
      {account.level === 'Parent' && account.view.sections.includes('submerchant') && (
        // Submerchant settings (parent level only): the subpricing table.
        <Paper withBorder p="md" component="section" aria-labelledby="account-section-subpricing">
          <Title order={3} size="h4" mb="sm" id="account-section-subpricing">
            Subpricing
          </Title>
          {slots.subpricingTable(account)}
        </Paper>
      )}
      <Drawer
        opened={panel !== null}
        onClose={() => setPanel(null)}
        position="right"
        size="xl"
        title={panel ? accountPanelTitles[panel] : ''}
      >
        {panel && panelContent[panel]()}
      </Drawer>
    </Stack>
  );
}
