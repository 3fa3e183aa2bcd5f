import { Drawer } from '@mantine/core';
import {
  type EnrollmentRecord,
  enrollmentDisplayName,
} from '@portico/contracts/enrollment/enrollment-record';
import type { ReactNode } from 'react';
import { type EnrollmentPanel, enrollmentPanelTitles } from '../enrollment-panels';
import { ApproveRejectPanel } from './panels/approve-reject-panel';
import { CertificationPanel } from './panels/certification-panel';
import { CtaPanel } from './panels/cta-panel';
import { HierarchyPanel } from './panels/hierarchy-panel';
import { IdsPanel } from './panels/ids-panel';
import { KycLogPanel, ManageKycPanel, RunKycPanel, ViewKycPanel } from './panels/kyc-panel';
import { TicketPanel } from './panels/ticket-panel';
import { EnrollmentUsersContactsPanel } from './panels/users-contacts-panel';

// Panels another feature provides; the app layer composes them (features never import features).
export type EnrollmentPanelSlots = {
  notes: (record: EnrollmentRecord) => ReactNode;
  documents: (record: EnrollmentRecord) => ReactNode;
};

type PanelContentProps = {
  panel: EnrollmentPanel;
  record: EnrollmentRecord;
  slots: EnrollmentPanelSlots;
  onChanged: () => void;
};

function PanelContent({ panel, record, slots, onChanged }: PanelContentProps) {
  const name = enrollmentDisplayName(record);
  switch (panel) {
    case 'ids':
      return <IdsPanel record={record} />;
    case 'notes':
      return slots.notes(record);
    case 'documents':
      return slots.documents(record);
    case 'ticket':
      return <TicketPanel enrollmentId={record.id} businessName={name} />;
    case 'users-contacts':
      return <EnrollmentUsersContactsPanel clientId={record.client_id} onChanged={onChanged} />;
    case 'cta':
      return <CtaPanel enrollmentId={record.id} primaryEmail={record.email} onChanged={onChanged} />;
    case 'manage-kyc':
      return <ManageKycPanel enrollmentId={record.id} onChanged={onChanged} />;
    case 'view-kyc':
      return <ViewKycPanel enrollmentId={record.id} />;
    case 'run-kyc':
      return <RunKycPanel enrollmentId={record.id} onChanged={onChanged} />;
    case 'kyc-log':
      return <KycLogPanel enrollmentId={record.id} />;
    case 'approve-reject':
      return (
        <ApproveRejectPanel
          enrollmentId={record.id}
          applicationStatus={record.application_status}
          onChanged={onChanged}
        />
      );
    case 'hierarchy':
      return (
        <HierarchyPanel
          enrollmentId={record.id}
          currentParentId={record.parent_id}
          currentParentName={record.parent_name}
          onChanged={onChanged}
        />
      );
    case 'certification':
      return (
        <CertificationPanel enrollmentId={record.id} clientId={record.client_id} onChanged={onChanged} />
      );
  }
}

type EnrollmentDrawerProps = {
  panel: EnrollmentPanel | null;
  record: EnrollmentRecord;
  slots: EnrollmentPanelSlots;
  onClose: () => void;
  // A panel changed the enrollment: the page loads it again.
  onChanged: () => void;
};

// The enrollment page's side panels, one at a time, keyed by panel name.
export function EnrollmentDrawer({ panel, record, slots, onClose, onChanged }: EnrollmentDrawerProps) {
  return (
    <Drawer
      opened={panel !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={panel ? enrollmentPanelTitles[panel] : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {panel && <PanelContent panel={panel} record={record} slots={slots} onChanged={onChanged} />}
    </Drawer>
  );
}
