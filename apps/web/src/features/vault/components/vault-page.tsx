import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type PayeeSearchResult, type VaultCustomer, VaultText } from '@portico/contracts/vault/vault';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportRequestedAlert } from '../../../components/data-grid/export/export-requested-alert';
import {
  type ServerExportBodyOf,
  useServerExport,
} from '../../../components/data-grid/export/use-server-export';
import { Spinner } from '../../../components/spinner';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useVaultSearch } from '../api/search-vault';
import { cardNotPresentLink, customerNameOf, patientNameOf, swipeOnlyLink } from '../utils/vault.utils';
import { vaultExportBody, vaultTableExportState } from '../utils/vault-export.utils';
import { EditCustomerModal } from './edit-customer-modal';
import { PaymentMethodsModal } from './payment-methods-modal';
import { VaultExportMenu } from './vault-export-menu';

type RowActionsProps = {
  customer: VaultCustomer;
  publicKey: string | null;
  onMethods: () => void;
  onEdit: () => void;
};

function RowActions({ customer, publicKey, onMethods, onEdit }: RowActionsProps) {
  const name = customerNameOf(customer);
  return (
    <Group gap={6} wrap="wrap">
      <Button size="compact-sm" variant="light" onClick={onMethods} aria-label={`Payment methods of ${name}`}>
        Payment Methods
      </Button>
      <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {publicKey !== null && (
        <>
          <Button size="compact-sm" variant="default" component={Link} to={swipeOnlyLink(publicKey)}>
            Swipe
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={cardNotPresentLink(publicKey, customer.id)}
            aria-label={`Card Not Present for ${name}`}
          >
            Card Not Present
          </Button>
        </>
      )}
    </Group>
  );
}

type CustomerTableProps = {
  result: PayeeSearchResult;
  onMethods: (customer: VaultCustomer) => void;
  onEdit: (customer: VaultCustomer) => void;
};

// The patient-information layout when the merchant keeps patient information.
function CustomerTable({ result, onMethods, onEdit }: CustomerTableProps) {
  const isPatientLayout = result.client.has_patient_information_in_vault;
  const publicKey = result.client.public_key;
  const headers = isPatientLayout
    ? ['Patient Number', 'Patient Name', 'Account Holder', 'Email', 'Phone', 'Methods', '']
    : ['Name', 'Email', 'Phone', 'External ID', 'Methods', ''];
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped highlightOnHover aria-label="Vault customers">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={header === '' ? `actions-${index}` : header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.customers.map((customer) => (
            <Table.Tr key={customer.id}>
              {isPatientLayout ? (
                <>
                  <Table.Td>{customer.patient_fields_hidden ? 'Hidden' : customer.patient_number}</Table.Td>
                  <Table.Td>{customer.patient_fields_hidden ? 'Hidden' : patientNameOf(customer)}</Table.Td>
                  <Table.Td>{customerNameOf(customer)}</Table.Td>
                </>
              ) : (
                <Table.Td>{customerNameOf(customer)}</Table.Td>
              )}
              <Table.Td>{customer.email}</Table.Td>
              <Table.Td>{customer.phone_number}</Table.Td>
              {!isPatientLayout && <Table.Td>{customer.external_id}</Table.Td>}
              <Table.Td>{customer.payment_methods.length}</Table.Td>
              <Table.Td>
                <RowActions
                  customer={customer}
                  publicKey={publicKey}
                  onMethods={() => onMethods(customer)}
                  onEdit={() => onEdit(customer)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// /vault: search a merchant's saved customers, see their payment methods, edit them and
// take a payment from them in the virtual terminal.
export function VaultPage() {
  const { user, actingRole, myClients, viewAsClientId } = useSignedInSession();
  // Staff and parents choose the merchant (as on Recurring Charges); others search their own.
  const isChooser = actingRole === 'admin' || actingRole === 'parent';
  const ownMerchantId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const [chosenId, setChosenId] = useState<string | null>(ownMerchantId);
  const merchantOptions = useMemo(
    () => (myClients ?? []).map((client) => ({ value: client.id, label: client.name })),
    [myClients],
  );
  const [draft, setDraft] = useState('');
  const [text, setText] = useState('');
  // A link (the global search) may name the merchant and the search text: ?merchant=&search=.
  const [searchParams] = useSearchParams();
  const linkedMerchantId = searchParams.get('merchant');
  const linkedText = searchParams.get('search')?.trim() ?? '';
  useEffect(() => {
    if (isChooser && linkedMerchantId !== null) setChosenId(linkedMerchantId);
    if (linkedText !== '') {
      setDraft(linkedText);
      setText(linkedText);
    }
  }, [isChooser, linkedMerchantId, linkedText]);
  const search = useVaultSearch(isChooser ? chosenId : null, text, {
    enabled: !isChooser || chosenId !== null,
  });
  const [methodsOf, setMethodsOf] = useState<VaultCustomer | null>(null);
  const [editing, setEditing] = useState<VaultCustomer | null>(null);
  const result = search.data;
  // Export: the server writes every customer the search matches, not only the table's first 100.
  const timeZone = useUserTimeZone();
  const exportMerchantId = isChooser ? chosenId : null;
  const exportBodyOf = useCallback<ServerExportBodyOf>(
    (format, state) => vaultExportBody(format, exportMerchantId, text, state, timeZone),
    [exportMerchantId, text, timeZone],
  );
  const { serverExport, hasRequested, dismiss } = useServerExport('vault', exportBodyOf);

  return (
    <Stack gap="md">
      <Title order={1}>Vault</Title>
      {isChooser && (
        <Select
          label="Merchant"
          placeholder="Choose a merchant"
          data={merchantOptions}
          value={chosenId}
          onChange={(value) => {
            setChosenId(value);
            setMethodsOf(null);
            setEditing(null);
          }}
          searchable
          nothingFoundMessage="Nothing found"
          w={{ base: '100%', sm: 360 }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setText(draft.trim());
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={VaultText.SearchLabel}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
          />
          <Button type="submit" loading={search.isFetching}>
            {VaultText.RunSearch}
          </Button>
        </Group>
      </form>
      {isChooser && chosenId === null ? (
        <Text c="dimmed">Choose a merchant to search its vault.</Text>
      ) : search.isPending ? (
        <Spinner />
      ) : search.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(search.error, 'The vault could not be searched.')}
        </Alert>
      ) : (result === undefined || result.customers.length === 0) && text === '' ? (
        <Text c="dimmed">{VaultText.SearchPrompt}</Text>
      ) : result === undefined || result.customers.length === 0 ? (
        <Text c="dimmed">No customers found.</Text>
      ) : (
        <>
          {hasRequested && <ExportRequestedAlert onClose={dismiss} />}
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            {result.is_truncated ? (
              <Text size="sm" c="dimmed">
                Showing the first {result.customers.length} customers; narrow the search to see others.
              </Text>
            ) : (
              <span />
            )}
            {serverExport && (
              <VaultExportMenu
                isPending={serverExport.isPending ?? false}
                onExport={(format) =>
                  serverExport.onExport(
                    format,
                    vaultTableExportState(result.client.has_patient_information_in_vault),
                  )
                }
              />
            )}
          </Group>
          <CustomerTable result={result} onMethods={setMethodsOf} onEdit={setEditing} />
          {result.is_truncated && (
            <Text size="sm" c="dimmed">
              The export holds every matching customer, not only these {result.customers.length}.
            </Text>
          )}
        </>
      )}
      <PaymentMethodsModal
        customer={methodsOf}
        publicKey={result?.client.public_key ?? null}
        onClose={() => setMethodsOf(null)}
      />
      <EditCustomerModal
        customer={editing}
        hasPatientFields={
          (result?.client.has_patient_information_in_vault ?? false) &&
          editing?.patient_fields_hidden === false
        }
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
