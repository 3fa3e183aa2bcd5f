import { Button, NativeSelect, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import {
  passToConsumerLabel,
  subpricingFeeFields,
  subpricingFieldLabels,
  subpricingMoneyFields,
} from '@portico/contracts/clients/subpricing';
import { formatDecimalAsMoney } from '@portico/contracts/money/money';
import { Fragment, useState } from 'react';
import {
  type SubpricingDraft,
  type SubpricingFlagField,
  type SubpricingTextField,
  subpricingFlagFields,
} from '../utils/subpricing-draft.utils';

const rateColumns = ['card_rate', 'ach_rate', 'crypto_rate'] as const;
const ticketColumns = ['avg_ticket', 'high_ticket'] as const;
const moneyFields: ReadonlySet<string> = new Set(subpricingMoneyFields);
// Label, MCC, the fees toggle, three rates, three flags and two tickets.
const columnCount = 11;

type SubpricingTableProps = {
  drafts: readonly SubpricingDraft[];
  canEdit: boolean;
  onChange: (mccCode: string, change: Partial<SubpricingDraft>) => void;
  // The contracts schema's messages of the drafts about to be saved, by MCC code and field.
  problems?: Readonly<Record<string, Partial<Record<string, string>>>>;
};

// The MCC configuration: per MCC code its label, rates with pass-to-consumer, tickets, and under
// 'Fees' every fee of the code. Staff edit in place; everyone else reads.
export function SubpricingTable({ drafts, canEdit, onChange, problems = {} }: SubpricingTableProps) {
  const [openFees, setOpenFees] = useState<ReadonlySet<string>>(new Set());
  const toggleFees = (mccCode: string) =>
    setOpenFees((current) => {
      const next = new Set(current);
      if (next.has(mccCode)) next.delete(mccCode);
      else next.add(mccCode);
      return next;
    });

  const textCell = (draft: SubpricingDraft, field: SubpricingTextField, withLabel = false) => {
    const isMoney = moneyFields.has(field);
    const name = subpricingFieldLabels[field];
    if (!canEdit) {
      const value = draft[field];
      const shown = value === '' ? '—' : isMoney ? formatDecimalAsMoney(value) : value;
      return withLabel ? (
        <div>
          <Text size="xs" c="dimmed">
            {name}
          </Text>
          <Text size="sm">{shown}</Text>
        </div>
      ) : (
        shown
      );
    }
    return (
      <TextInput
        aria-label={`${name} ${draft.mccCode}`}
        label={withLabel ? name : undefined}
        size="xs"
        miw={withLabel ? undefined : 88}
        value={draft[field]}
        error={problems[draft.mccCode]?.[field]}
        leftSection={isMoney ? '$' : undefined}
        inputMode={isMoney || field === 'tax_rate' ? 'decimal' : undefined}
        placeholder={field.endsWith('_rate') && field !== 'tax_rate' ? '2.90+0.30' : undefined}
        onChange={(event) => onChange(draft.mccCode, { [field]: event.currentTarget.value })}
      />
    );
  };

  const flagCell = (draft: SubpricingDraft, field: SubpricingFlagField) =>
    canEdit ? (
      <NativeSelect
        aria-label={`${subpricingFieldLabels[field]} ${draft.mccCode}`}
        size="xs"
        miw={96}
        value={draft[field] ? 'enabled' : 'disabled'}
        data={[
          { value: 'enabled', label: passToConsumerLabel(true) },
          { value: 'disabled', label: passToConsumerLabel(false) },
        ]}
        onChange={(event) => onChange(draft.mccCode, { [field]: event.currentTarget.value === 'enabled' })}
      />
    ) : (
      passToConsumerLabel(draft[field])
    );

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped withTableBorder horizontalSpacing="xs" aria-label="Sub-pricing">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{subpricingFieldLabels.label}</Table.Th>
            <Table.Th>MCC</Table.Th>
            <Table.Th>Fees</Table.Th>
            {rateColumns.map((field) => (
              <Table.Th key={field}>{subpricingFieldLabels[field]}</Table.Th>
            ))}
            {subpricingFlagFields.map((field) => (
              <Table.Th key={field}>{subpricingFieldLabels[field]}</Table.Th>
            ))}
            {ticketColumns.map((field) => (
              <Table.Th key={field}>{subpricingFieldLabels[field]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((draft) => {
            const isOpen = openFees.has(draft.mccCode);
            const feesId = `subpricing-fees-${draft.mccCode}`;
            const hasFeeProblem = subpricingFeeFields.some((field) => problems[draft.mccCode]?.[field]);
            return (
              <Fragment key={draft.mccCode}>
                <Table.Tr>
                  <Table.Td>{textCell(draft, 'label')}</Table.Td>
                  <Table.Td>{draft.mccCode}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant={hasFeeProblem ? 'light' : 'subtle'}
                      color={hasFeeProblem ? 'red' : undefined}
                      aria-expanded={isOpen || hasFeeProblem}
                      aria-controls={feesId}
                      aria-label={`${isOpen || hasFeeProblem ? 'Hide' : 'Show'} fees of MCC ${draft.mccCode}`}
                      onClick={() => toggleFees(draft.mccCode)}
                    >
                      {isOpen || hasFeeProblem ? 'Hide' : 'Show'}
                    </Button>
                  </Table.Td>
                  {rateColumns.map((field) => (
                    <Table.Td key={field}>{textCell(draft, field)}</Table.Td>
                  ))}
                  {subpricingFlagFields.map((field) => (
                    <Table.Td key={field}>{flagCell(draft, field)}</Table.Td>
                  ))}
                  {ticketColumns.map((field) => (
                    <Table.Td key={field}>{textCell(draft, field)}</Table.Td>
                  ))}
                </Table.Tr>
                {isOpen || hasFeeProblem ? (
                  <Table.Tr id={feesId}>
                    <Table.Td colSpan={columnCount}>
                      {/* Held at the left of the scrolled table and no wider than the screen, so the
                          fees stay in view at a phone's width. */}
                      <SimpleGrid
                        cols={{ base: 2, sm: 5 }}
                        spacing="xs"
                        maw={1000}
                        style={{ position: 'sticky', left: 0, width: 'min(1000px, calc(100vw - 4rem))' }}
                      >
                        {subpricingFeeFields.map((field) => (
                          <div key={field}>{textCell(draft, field, true)}</div>
                        ))}
                      </SimpleGrid>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
