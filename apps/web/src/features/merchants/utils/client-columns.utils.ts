import type { ClientListRow, MerchantGridRow } from '@portico/contracts/clients/client-lists';
import { processorLabels } from '@portico/contracts/common/processors';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

const noProcessor = '';

// The client list row, in the order the Admin Accounts list shows it; the id sits last, narrow and
// hidden until asked for in Columns (people find a merchant by its name).
export function clientListColumns<Row extends ClientListRow>(): DataGridColumn<Row>[] {
  return [
    { id: 'dba_name', header: 'DBA Name', kind: 'text', value: (row) => row.dba_name ?? '' },
    { id: 'legal_name', header: 'Legal Name', kind: 'text', value: (row) => row.legal_name ?? '' },
    { id: 'parent', header: 'Parent', kind: 'text', value: (row) => row.parent ?? '' },
    { id: 'enabled', header: 'Enabled', kind: 'boolean', value: (row) => row.config.enabled },
    {
      id: 'payment',
      header: 'Card Processor',
      kind: 'enum',
      filter: 'set',
      value: (row) => row.config.payment ?? noProcessor,
      enumLabels: processorLabels,
    },
    {
      id: 'ach',
      header: 'ACH Processor',
      kind: 'enum',
      filter: 'set',
      value: (row) => row.config.ach ?? noProcessor,
      enumLabels: processorLabels,
    },
    { id: 'updated_at', header: 'Updated', kind: 'datetime', value: (row) => row.updated_at },
    { id: 'id', header: 'ID', kind: 'text', value: (row) => row.id, width: 120, hidden: true },
  ];
}

// The Merchants grid: the name, level and MCC code, then the list row.
export function merchantGridColumns(): DataGridColumn<MerchantGridRow>[] {
  return [
    { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name },
    { id: 'level', header: 'Level', kind: 'enum', filter: 'set', value: (row) => row.level },
    { id: 'mcc_code', header: 'MCC', kind: 'text', value: (row) => row.mcc_code ?? '', width: 90 },
    ...clientListColumns<MerchantGridRow>(),
  ];
}
