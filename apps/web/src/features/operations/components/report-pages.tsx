import { subpricingListResponse } from '@portico/contracts/clients/subpricing';
import {
  documentsReportResponse,
  mccReportResponse,
  payoutReportResponse,
  reportLinks,
  revshareReportResponse,
  subpricingReportResponse,
} from '@portico/contracts/operations/operations-reports';
import { useParams } from 'react-router';
import {
  approvedMccColumns,
  documentsColumns,
  mccColumns,
  payoutColumns,
  revshareColumns,
  subpricingColumns,
} from '../utils/report-columns.utils';
import { ReportGridPage } from './report-grid-page';

function linkOf(path: (typeof reportLinks)[number]['path']) {
  const link = reportLinks.find((candidate) => candidate.path === path);
  if (!link) throw new Error(`no report link ${path}`);
  return link;
}

// The pages behind the Operations 'Report links', each a grid of computed rows.
export function RevshareReportPage() {
  const link = linkOf('/report/revshare');
  return (
    <ReportGridPage
      title={link.label}
      path="/api/report/revshare"
      schema={revshareReportResponse.shape.message}
      columns={revshareColumns}
      exportFileName={link.fileName}
      getRowId={(row) => row.id}
    />
  );
}

export function PayoutReportPage() {
  const link = linkOf('/report/payout');
  return (
    <ReportGridPage
      title={link.label}
      path="/api/report/payout"
      schema={payoutReportResponse.shape.message}
      columns={payoutColumns}
      exportFileName={link.fileName}
      getRowId={(row) => row.id}
    />
  );
}

export function SubpricingReportPage() {
  const link = linkOf('/report/subpricing');
  return (
    <ReportGridPage
      title={link.label}
      path="/api/report/subpricing"
      schema={subpricingReportResponse.shape.message}
      columns={subpricingColumns}
      exportFileName={link.fileName}
      getRowId={(row) => row.id}
    />
  );
}

export function MccReportPage() {
  const link = linkOf('/report/mcc');
  return (
    <ReportGridPage
      title={link.label}
      path="/api/report/mcc"
      schema={mccReportResponse.shape.message}
      columns={mccColumns}
      exportFileName={link.fileName}
      getRowId={(row) => row.code}
    />
  );
}

export function DocumentsReportPage() {
  const link = linkOf('/report/documents');
  return (
    <ReportGridPage
      title={link.label}
      path="/api/report/documents"
      schema={documentsReportResponse.shape.message}
      columns={documentsColumns}
      exportFileName={link.fileName}
      getRowId={(row) => row.id}
    />
  );
}

// /reports/mcc/{parent_id}: the MCC codes a parent approves for its
// merchants (its sub-pricing), linked from the enrollment page.
export function ApprovedMccReportPage() {
  const { parent_id: parentId = '' } = useParams();
  const query = new URLSearchParams({ apikey: 'login', clientid: parentId });
  return (
    <ReportGridPage
      title="Approved MCC Codes"
      path={`/api/client/subpricing?${query.toString()}`}
      schema={subpricingListResponse.shape.message}
      columns={approvedMccColumns}
      exportFileName="ApprovedMccCodes.xlsx"
      getRowId={(row) => row.id}
    />
  );
}
