import { Button, Group, Menu } from '@mantine/core';
import { portalBasePath } from '@portico/contracts/access/routes';
import {
  operationsReportFileName,
  operationsReportResponse,
  reportLinks,
} from '@portico/contracts/operations/operations-reports';
import { IconChevronDown } from '@tabler/icons-react';
import { operationsColumns } from '../utils/report-columns.utils';
import { ReportGridPage } from './report-grid-page';

const schema = operationsReportResponse.shape.message;

// /operations (staff): what operations must act on, and the 'Report links' dropdown.
export function OperationsPage() {
  return (
    <ReportGridPage
      title="Operations"
      path="/api/report/operations"
      schema={schema}
      columns={operationsColumns}
      exportFileName={operationsReportFileName}
      getRowId={(row) => `${row.type}:${row.id}`}
      actions={
        <Group>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
                Report links
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {reportLinks.map((link) => (
                <Menu.Item key={link.path} component="a" href={`${portalBasePath}${link.path}`}>
                  {link.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      }
    />
  );
}
