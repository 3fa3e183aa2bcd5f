import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AccountData } from '@portico/contracts/account-data/account-data';
import { processorLabels } from '@portico/contracts/common/processors';
import { settlementModeLabels, terminalBrandLabels } from '@portico/contracts/enrollment/enrollment-record';
import type { ReactNode } from 'react';

// A stored processor, terminal brand or payout mode by the name people use.
function inWords(value: string | null, labels: Readonly<Record<string, string>>): string | null {
  return value === null ? null : (labels[value] ?? value);
}

type Field = [label: string, value: string | null];

function FieldList({ fields }: { fields: Field[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="dl" style={{ margin: 0 }}>
      {fields.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" style={{ margin: 0 }}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

export function DataSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" id={id} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function joined(...parts: (string | null)[]): string | null {
  const text = parts.filter((part) => part?.trim()).join(', ');
  return text || null;
}

// 'Brian Robinson': a person's name reads without a comma.
function fullName(first: string | null, last: string | null): string | null {
  const text = [first, last].filter((part) => part?.trim()).join(' ');
  return text || null;
}

// The account data sections: merchant information, address, contact, business information, principals 1
// to 3, processing; the submerchant settings of a parent.
export function AccountDataSections({
  account,
  processingExtra,
}: {
  account: AccountData;
  processingExtra?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <DataSection id="merchant-information" title="Merchant Information">
        <FieldList
          fields={[
            ['Level', account.level],
            ['Legal name', account.legal_name],
            ['Name', account.name],
            ['DBA name', account.dba_name],
            ['Start date', account.start_date],
            ['Tax ID', account.tax_id],
            ['SSN', account.ssn],
            ['Country', account.country],
            ['Parent', account.parent?.name ?? null],
          ]}
        />
      </DataSection>
      <DataSection id="merchant-address" title="Merchant Address">
        <FieldList
          fields={[
            ['Address', joined(account.address_line_1, account.address_line_2)],
            ['City', account.locality],
            ['State', account.region],
            ['Postal code', account.postal_code],
            ['Business address', joined(account.business_address_1, account.business_address_2)],
            ['Business city', account.business_locality],
            ['Business state', account.business_region],
            ['Business postal code', account.business_postal_code],
          ]}
        />
      </DataSection>
      <DataSection id="merchant-contact" title="Merchant Contact">
        <FieldList
          fields={[
            ['Email', account.email],
            ['Phone', account.phone],
            ['Business phone', account.business_phone_number],
            ['Website', account.website],
          ]}
        />
      </DataSection>
      <DataSection id="business-information" title="Business Information">
        <FieldList
          fields={[
            ['Ownership type', account.principal_ownership_type],
            ['Business type', account.business_type],
            ['MCC', account.mcc_code],
            ['Description', account.business_description],
          ]}
        />
      </DataSection>
      {account.principals.map((principal) => (
        <DataSection
          key={principal.position}
          id={`principal-${principal.position}`}
          title={`Principal ${principal.position}`}
        >
          <FieldList
            fields={[
              ['Name', fullName(principal.first_name, principal.last_name)],
              ['Title', principal.title],
              ['SSN', principal.ssn],
              ['Ownership %', principal.ownership_percent],
              ['Phone', principal.phone_number],
              [
                'Address',
                joined(
                  principal.address_line_1,
                  principal.city,
                  principal.state_province,
                  principal.postal_code,
                ),
              ],
            ]}
          />
        </DataSection>
      ))}
      <DataSection id="processing" title="Processing">
        <Stack gap="md">
          <FieldList
            fields={[
              ['Card processor', inWords(account.processing.payment, processorLabels)],
              ['ACH', inWords(account.processing.ach, processorLabels)],
              ['Crypto', inWords(account.processing.crypto, processorLabels)],
              ['Terminals', inWords(account.processing.terminals, terminalBrandLabels)],
              ['Payout', inWords(account.processing.payout, settlementModeLabels)],
            ]}
          />
          {processingExtra}
        </Stack>
      </DataSection>
      {account.submerchant && <SubmerchantSections submerchant={account.submerchant} />}
    </Stack>
  );
}

function SubmerchantSections({ submerchant }: { submerchant: NonNullable<AccountData['submerchant']> }) {
  return (
    <>
      <DataSection id="submerchant-enrollment" title="Submerchant Settings: Enrollment">
        <FieldList
          fields={[
            ['Enrollment link', submerchant.enrollment_path],
            ['Auto-onboard', submerchant.onboard ? 'On' : 'Off'],
            ['Welcome e-mail', submerchant.enroll_email],
          ]}
        />
      </DataSection>
      <DataSection id="submerchant-pricing" title="Submerchant Settings: Pricing">
        <FieldList
          fields={[
            ['Card rate', submerchant.card_rate],
            ['ACH rate', submerchant.ach_rate],
            ['Crypto rate', submerchant.crypto_rate],
          ]}
        />
      </DataSection>
      <DataSection id="submerchant-subpricing" title="Submerchant Settings: Subpricing">
        <FieldList fields={[['MCC codes', submerchant.subpricing_mcc_codes.join(', ') || null]]} />
      </DataSection>
      <DataSection id="submerchant-whitelabel" title="Submerchant Settings: Whitelabel">
        <FieldList fields={[['Entity name', submerchant.whitelabel_entity_name]]} />
      </DataSection>
    </>
  );
}
