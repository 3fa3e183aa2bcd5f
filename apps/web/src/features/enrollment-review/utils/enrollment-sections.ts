import { processorLabels } from '@portico/contracts/common/processors';
import { businessStructures } from '@portico/contracts/enrollment/click-to-agree';
import { ownershipTypes } from '@portico/contracts/enrollment/enroll';
import {
  achProcessors,
  cardProcessors,
  cryptoProviders,
  type EditableFieldName,
  type PrincipalPrefix,
  principalPrefixes,
  settlementModeLabels,
  settlementModes,
  terminalBrandLabels,
  terminalBrands,
} from '@portico/contracts/enrollment/enrollment-record';

export type FieldOption = { value: string; label: string };

export type FieldSpec = {
  name: EditableFieldName;
  label: string;
  // money: a decimal amount, shown as '$12,000.00' until Edit.
  kind?: 'text' | 'textarea' | 'select' | 'money';
  options?: readonly FieldOption[];
  // Shown masked; a full clear value replaces it.
  isMasked?: boolean;
};

export type SectionId =
  | 'business'
  | 'address'
  | 'contact'
  | 'owners'
  | 'settlement'
  | 'cards'
  | 'ach'
  | 'crypto'
  | 'terminals'
  | 'transaction-mix'
  | 'risk'
  | 'schedule-a';

export type SectionSpec = {
  id: SectionId;
  title: string;
  // Processing sections are hidden from parents.
  isProcessing: boolean;
  groups: readonly { title?: string; fields: readonly FieldSpec[] }[];
};

export function sectionAnchor(id: SectionId): string {
  return `enrollment-section-${id}`;
}

const none = (label: string): FieldOption => ({ value: '', label });
const passToConsumer: readonly FieldOption[] = [
  { value: 'false', label: 'Disabled' },
  { value: 'true', label: 'Enabled' },
];

// Business structures, then the enroll page's spellings it lacks ('Government Agency').
const ownershipOptions: readonly FieldOption[] = [
  none('Select'),
  ...[...new Set<string>([...businessStructures, ...ownershipTypes])].map((value) => ({
    value,
    label: value,
  })),
];

// The enrollment page's processor choices: stored spellings, the names people use.
const optionsOf = (values: readonly string[], labels: Readonly<Record<string, string>>): FieldOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));
const cardProcessorOptions: readonly FieldOption[] = [
  none('None'),
  ...optionsOf(cardProcessors, processorLabels),
];
const achOptions: readonly FieldOption[] = [none('Disabled'), ...optionsOf(achProcessors, processorLabels)];
const cryptoOptions: readonly FieldOption[] = [
  none('Disabled'),
  ...optionsOf(cryptoProviders, processorLabels),
];
const terminalOptions: readonly FieldOption[] = [
  none('None'),
  ...optionsOf(terminalBrands, terminalBrandLabels),
];
const settlementOptions: readonly FieldOption[] = [
  none('None'),
  ...optionsOf(settlementModes, settlementModeLabels),
];
const accountTypeOptions: readonly FieldOption[] = [
  none('Select'),
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
  { value: 'business', label: 'Business' },
];

function principalFields(prefix: PrincipalPrefix): FieldSpec[] {
  return [
    { name: `${prefix}first_name`, label: 'First Name' },
    { name: `${prefix}last_name`, label: 'Last Name' },
    { name: `${prefix}title`, label: 'Title' },
    { name: `${prefix}ownership_percent`, label: 'Ownership %' },
    { name: `${prefix}ssn`, label: 'SSN', isMasked: true },
    { name: `${prefix}date_of_birth`, label: 'Date of Birth (YYYY-MM-DD)', isMasked: true },
    { name: `${prefix}email`, label: 'Email' },
    { name: `${prefix}phone_number`, label: 'Phone Number' },
    { name: `${prefix}address_line_one`, label: 'Address Line 1' },
    { name: `${prefix}address_line_two`, label: 'Address Line 2' },
    { name: `${prefix}city`, label: 'City' },
    { name: `${prefix}state_province`, label: 'State (2 letters)' },
    { name: `${prefix}postal_code`, label: 'Postal Code' },
  ];
}

const money = (name: EditableFieldName, label: string): FieldSpec => ({
  name,
  label: `${label} ($)`,
  kind: 'money',
});

// Sections in page order.
export const enrollmentSections: readonly SectionSpec[] = [
  {
    id: 'business',
    title: 'Business Information',
    isProcessing: false,
    groups: [
      {
        fields: [
          { name: 'dba_name', label: 'Business Name (DBA)' },
          { name: 'legal_name', label: 'Legal Business Name' },
          { name: 'ownership_type', label: 'Business Structure', kind: 'select', options: ownershipOptions },
          { name: 'fed_tx_id', label: 'Federal Tax ID', isMasked: true },
          { name: 'start_date', label: 'Start Date (YYYY-MM-DD)' },
          { name: 'business_description', label: 'Business Description', kind: 'textarea' },
        ],
      },
    ],
  },
  {
    id: 'address',
    title: 'Address',
    isProcessing: false,
    groups: [
      {
        fields: [
          { name: 'business_address_one', label: 'Address Line 1' },
          { name: 'business_address_two', label: 'Address Line 2' },
          { name: 'business_city', label: 'City' },
          { name: 'business_state_province', label: 'State (2 letters)' },
          { name: 'business_postal_code', label: 'ZIP Code' },
        ],
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    isProcessing: false,
    groups: [
      {
        fields: [
          { name: 'email', label: 'Email' },
          { name: 'business_phone_number', label: 'Business Phone Number' },
          { name: 'website', label: 'Website' },
        ],
      },
    ],
  },
  {
    id: 'owners',
    title: 'Owners',
    isProcessing: false,
    groups: principalPrefixes.map((prefix, index) => ({
      title: `Principal ${index + 1}`,
      fields: principalFields(prefix),
    })),
  },
  {
    id: 'settlement',
    title: 'Settlement',
    isProcessing: false,
    groups: [
      {
        fields: [
          { name: 'account_number', label: 'Account Number', isMasked: true },
          { name: 'routing_number', label: 'Routing Number', isMasked: true },
          { name: 'account_type', label: 'Account Type', kind: 'select', options: accountTypeOptions },
        ],
      },
    ],
  },
  {
    id: 'cards',
    title: 'Card Processing',
    isProcessing: true,
    groups: [
      {
        fields: [
          { name: 'payment', label: 'Card Processor', kind: 'select', options: cardProcessorOptions },
          { name: 'card_rate', label: 'Card Rate' },
          { name: 'card_p2c', label: 'Card Pass to Consumer', kind: 'select', options: passToConsumer },
          { name: 'mcc_code', label: 'MCC Code' },
          { name: 'label', label: 'MCC Label' },
          { name: 'mark_up', label: 'Mark Up' },
          { name: 'rev_share', label: 'Revenue Share %' },
          { name: 'settlement', label: 'Settlement', kind: 'select', options: settlementOptions },
        ],
      },
    ],
  },
  {
    id: 'ach',
    title: 'ACH',
    isProcessing: true,
    groups: [
      {
        fields: [
          { name: 'ach', label: 'ACH Processor', kind: 'select', options: achOptions },
          { name: 'ach_rate', label: 'ACH Rate' },
          { name: 'ach_p2c', label: 'ACH Pass to Consumer', kind: 'select', options: passToConsumer },
        ],
      },
    ],
  },
  {
    id: 'crypto',
    title: 'Crypto',
    isProcessing: true,
    groups: [
      {
        fields: [
          { name: 'crypto', label: 'Crypto Provider', kind: 'select', options: cryptoOptions },
          { name: 'crypto_rate', label: 'Crypto Rate' },
          { name: 'crypto_p2c', label: 'Crypto Pass to Consumer', kind: 'select', options: passToConsumer },
        ],
      },
    ],
  },
  {
    id: 'terminals',
    title: 'Terminals',
    isProcessing: true,
    groups: [
      { fields: [{ name: 'devices', label: 'Terminal Brand', kind: 'select', options: terminalOptions }] },
    ],
  },
  {
    id: 'transaction-mix',
    title: 'Transaction Mix',
    isProcessing: true,
    groups: [
      {
        fields: [
          { name: 'card_swiped', label: 'Card Swiped %' },
          { name: 'keyed_card_present_not_imprinted', label: 'Keyed Card Present Not Imprinted %' },
          { name: 'mail_or_phone_order', label: 'Mail or Phone Order %' },
          { name: 'internet', label: 'Internet %' },
        ],
      },
    ],
  },
  {
    id: 'risk',
    title: 'Risk',
    isProcessing: true,
    groups: [
      {
        fields: [
          money('high_ticket', 'High Ticket'),
          money('avg_ticket', 'Average Ticket'),
          money('monthly_volume', 'Monthly Volume'),
          money('monthly_high_volume', 'Monthly High Volume'),
        ],
      },
    ],
  },
  {
    id: 'schedule-a',
    title: 'Schedule A Fees',
    isProcessing: true,
    groups: [
      {
        fields: [
          { name: 'low_rate', label: 'Low Rate' },
          money('etf', 'Early Termination Fee'),
          money('reg_fee', 'Registration Fee'),
          money('pci_fee', 'PCI Fee'),
          money('monthly_fee', 'Monthly Fee'),
          money('monthly_min', 'Monthly Minimum'),
          money('annual_fee', 'Annual Fee'),
          money('chargeback_fee', 'Chargeback Fee'),
          money('retrieval_fee', 'Retrieval Fee'),
          money('ach_noc', 'ACH NOC'),
          money('ach_return', 'ACH Return'),
          money('tin_mismatch', 'TIN Mismatch'),
        ],
      },
    ],
  },
];

// Jump-to menu: Account Details and Processing.
export const jumpMenuGroups: readonly {
  title: string;
  items: readonly { label: string; section: SectionId }[];
}[] = [
  {
    title: 'Account Details',
    items: [
      { label: 'Business Details', section: 'business' },
      { label: 'Address', section: 'address' },
      { label: 'Contact', section: 'contact' },
      { label: 'Ownership', section: 'owners' },
      { label: 'Settlement', section: 'settlement' },
    ],
  },
  {
    title: 'Processing',
    items: [
      { label: 'Cards', section: 'cards' },
      { label: 'ACH', section: 'ach' },
      { label: 'Crypto', section: 'crypto' },
      { label: 'Terminals', section: 'terminals' },
      { label: 'Settings and Fees', section: 'transaction-mix' },
    ],
  },
];

export function visibleSections(canSeeProcessing: boolean): readonly SectionSpec[] {
  return enrollmentSections.filter((section) => canSeeProcessing || !section.isProcessing);
}
