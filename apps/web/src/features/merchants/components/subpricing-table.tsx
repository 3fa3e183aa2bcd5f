import { Checkbox, Table, TextInput } from '@mantine/core';
import {
  type SubpricingDraft,
  type SubpricingFlagField,
  type SubpricingTextField,
  subpricingFlagFields,
} from '../utils/subpricing-draft.utils';

const textColumns: readonly { field: SubpricingTextField; header: string }[] = [
  { field: 'card_rate', header: 'Card Rate' },
  { field: 'ach_rate', header: 'ACH Rate' },
  { field: 'crypto_rate', header: 'Crypto Rate' },
  { field: 'avg_ticket', header: 'Avg Ticket' },
  { field: 'high_ticket', header: 'High Ticket' },
];
const flagHeaders: Record<SubpricingFlagField, string> = {
  card_p2c: 'Card P2C',
  ach_p2c: 'ACH P2C',
  crypto_p2c: 'Crypto P2C',
};

type SubpricingTableProps = {
  drafts: readonly SubpricingDraft[];
  canEdit: boolean;
  onChange: (mccCode: string, change: Partial<SubpricingDraft>) => void;
};

// A subpricing row: label, MCC code, the three rates with their pass-to-consumer flags, and the
// average and high ticket. Staff edit in place; everyone else reads.
export function SubpricingTable({ drafts, canEdit, onChange }: SubpricingTableProps) {
  const textCell = (draft: SubpricingDraft, field: SubpricingTextField, header: string) =>
    canEdit ? (
      <TextInput
        aria-label={`${header} ${draft.mccCode}`}
        size="xs"
        value={draft[field]}
        onChange={(event) => onChange(draft.mccCode, { [field]: event.currentTarget.value })}
      />
    ) : (
      draft[field]
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder aria-label="Sub-pricing">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th>MCC</Table.Th>
            {textColumns.slice(0, 3).map(({ header }) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
            {subpricingFlagFields.map((field) => (
              <Table.Th key={field}>{flagHeaders[field]}</Table.Th>
            ))}
            {textColumns.slice(3).map(({ header }) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((draft) => (
            <Table.Tr key={draft.mccCode}>
              <Table.Td>{textCell(draft, 'label', 'Label')}</Table.Td>
              <Table.Td>{draft.mccCode}</Table.Td>
              {textColumns.slice(0, 3).map(({ field, header }) => (
                <Table.Td key={field}>{textCell(draft, field, header)}</Table.Td>
              ))}
              {subpricingFlagFields.map((field) => (
                <Table.Td key={field}>
                  <Checkbox
                    aria-label={`${flagHeaders[field]} ${draft.mccCode}`}
                    checked={draft[field]}
                    disabled={!canEdit}
                    onChange={(event) => onChange(draft.mccCode, { [field]: event.currentTarget.checked })}
                  />
                </Table.Td>
              ))}
              {textColumns.slice(3).map(({ field, header }) => (
                <Table.Td key={field}>{textCell(draft, field, header)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
