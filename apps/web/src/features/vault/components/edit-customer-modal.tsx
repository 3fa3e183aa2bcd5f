import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type VaultCustomer, VaultText, vaultCustomerEditProblem } from '@portico/contracts/vault/vault';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useUpdateVaultCustomer } from '../api/update-vault-customer';
import { customerPatchOf, type EditableCustomerFields, editableFieldsOf } from '../utils/vault.utils';

type EditCustomerModalProps = {
  customer: VaultCustomer | null;
  // The patient fields show (and are sent) only when the merchant keeps them and the caller sees them.
  hasPatientFields: boolean;
  onClose: () => void;
};

const labels: Record<keyof EditableCustomerFields, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone_number: 'Phone Number',
  external_id: 'External ID',
  billing_address_line_1: 'Billing Address Line 1',
  billing_address_line_2: 'Billing Address Line 2',
  billing_locality: 'City',
  billing_region: 'State',
  billing_postal_code: 'Postal Code',
  billing_country: 'Country',
  patient_number: 'Patient Number',
  patient_first_name: 'Patient First Name',
  patient_last_name: 'Patient Last Name',
};

const customerKeys = ['first_name', 'last_name', 'email', 'phone_number', 'external_id'] as const;
const billingKeys = [
  'billing_address_line_1',
  'billing_address_line_2',
  'billing_locality',
  'billing_region',
  'billing_postal_code',
  'billing_country',
] as const;
const patientKeys = ['patient_number', 'patient_first_name', 'patient_last_name'] as const;

function EditCustomerForm({
  customer,
  hasPatientFields,
  onClose,
}: {
  customer: VaultCustomer;
  hasPatientFields: boolean;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<EditableCustomerFields>(() => editableFieldsOf(customer));
  const update = useUpdateVaultCustomer();

  const input = (key: keyof EditableCustomerFields) => (
    <TextInput
      key={key}
      label={labels[key]}
      value={fields[key]}
      type={key === 'email' ? 'email' : 'text'}
      // Marked, not enforced by the browser: the product's toast says what is missing.
      withAsterisk={key === 'first_name' || key === 'last_name'}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((current) => ({ ...current, [key]: value }));
      }}
    />
  );

  async function save() {
    const body = customerPatchOf(customer, fields, { hasPatientFields });
    const problem = vaultCustomerEditProblem(body);
    if (problem !== null) {
      void showToast({ text: `${VaultText.ErrorSavingPrefix}${problem}`, type: 'danger' });
      return;
    }
    // Nothing changed: the product's 'No customer data' (the server answers the same to an empty body).
    if (Object.keys(body).length === 0) {
      void showToast({ text: VaultText.NoCustomerData, type: 'danger' });
      return;
    }
    try {
      await update.mutateAsync({ id: customer.id, body });
      void showToast({ text: VaultText.Saved, type: 'success' });
      onClose();
    } catch (error) {
      void showToast({
        text: `${VaultText.ErrorSavingPrefix}${apiErrorMessage(error, 'the server did not answer')}`,
        type: 'danger',
      });
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{customerKeys.map(input)}</SimpleGrid>
        {hasPatientFields && <SimpleGrid cols={{ base: 1, sm: 3 }}>{patientKeys.map(input)}</SimpleGrid>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{billingKeys.map(input)}</SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Edit Customer, with its save texts.
export function EditCustomerModal({ customer, hasPatientFields, onClose }: EditCustomerModalProps) {
  return (
    <Modal isOpen={customer !== null} title="Edit Customer" onClose={onClose} isLarge>
      {customer === null ? null : (
        <EditCustomerForm
          key={customer.id}
          customer={customer}
          hasPatientFields={hasPatientFields}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
