import type { VaultAddress, VaultCustomer, VaultCustomerPatchBody } from '@portico/contracts/vault/vault';

// The vault's links into the virtual terminal. routing carries the publishable key too:
// addresses hold publishable keys only.
export function swipeOnlyLink(publicKey: string): string {
  const key = encodeURIComponent(publicKey);
  return `/virtual-terminal/${key}?routing=${key}&isSwipeOnly=true`;
}

export function cardNotPresentLink(publicKey: string, customerId: string, paymentMethodId?: string): string {
  const key = encodeURIComponent(publicKey);
  const base = `/virtual-terminal/${key}?routing=${key}&isSwipeAndCNP=true&customerId=${encodeURIComponent(customerId)}`;
  return paymentMethodId === undefined
    ? base
    : `${base}&paymentMethodId=${encodeURIComponent(paymentMethodId)}`;
}

export function customerNameOf(customer: Pick<VaultCustomer, 'first_name' | 'last_name'>): string {
  return [customer.first_name, customer.last_name].filter(Boolean).join(' ');
}

export function patientNameOf(
  customer: Pick<VaultCustomer, 'patient_first_name' | 'patient_last_name'>,
): string {
  return [customer.patient_first_name, customer.patient_last_name].filter(Boolean).join(' ');
}

// One line per part of an address that is there.
export function addressLinesOf(address: VaultAddress): string[] {
  const cityLine = [address.locality, [address.region, address.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.address_line_1, address.address_line_2, cityLine, address.country].filter(
    (line): line is string => typeof line === 'string' && line !== '',
  );
}

export type EditableCustomerFields = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  external_id: string;
  billing_address_line_1: string;
  billing_address_line_2: string;
  billing_locality: string;
  billing_region: string;
  billing_postal_code: string;
  billing_country: string;
  patient_number: string;
  patient_first_name: string;
  patient_last_name: string;
};

const editableKeys = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'external_id',
  'billing_address_line_1',
  'billing_address_line_2',
  'billing_locality',
  'billing_region',
  'billing_postal_code',
  'billing_country',
  'patient_number',
  'patient_first_name',
  'patient_last_name',
] as const satisfies readonly (keyof EditableCustomerFields)[];

const patientKeys: ReadonlySet<string> = new Set([
  'patient_number',
  'patient_first_name',
  'patient_last_name',
]);

export function editableFieldsOf(customer: VaultCustomer): EditableCustomerFields {
  return {
    first_name: customer.first_name ?? '',
    last_name: customer.last_name ?? '',
    email: customer.email ?? '',
    phone_number: customer.phone_number ?? '',
    external_id: customer.external_id ?? '',
    billing_address_line_1: customer.billing_address_line_1 ?? '',
    billing_address_line_2: customer.billing_address_line_2 ?? '',
    billing_locality: customer.billing_locality ?? '',
    billing_region: customer.billing_region ?? '',
    billing_postal_code: customer.billing_postal_code ?? '',
    billing_country: customer.billing_country ?? '',
    patient_number: customer.patient_number ?? '',
    patient_first_name: customer.patient_first_name ?? '',
    patient_last_name: customer.patient_last_name ?? '',
  };
}

// The changed fields only, as the PATCH body; patient fields only when the form shows them.
export function customerPatchOf(
  before: VaultCustomer,
  after: EditableCustomerFields,
  { hasPatientFields }: { hasPatientFields: boolean },
): VaultCustomerPatchBody {
  const body: VaultCustomerPatchBody = {};
  for (const key of editableKeys) {
    if (patientKeys.has(key) && !hasPatientFields) continue;
    const value = after[key].trim();
    if (value === (before[key] ?? '')) continue;
    if (key === 'first_name' || key === 'last_name') body[key] = value;
    else body[key] = value === '' ? null : value;
  }
  return body;
}
