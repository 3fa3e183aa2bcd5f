import { enrollmentDisplayName } from '@portico/contracts/enrollment/enrollment-record';
import { kycNoteSubDomain } from '@portico/contracts/notes/notes';
import { DocumentsView } from '../../features/documents/components/documents-view';
import type { EnrollmentPanelSlots } from '../../features/enrollment-review/components/enrollment-drawer';
import { EnrollmentReviewPage } from '../../features/enrollment-review/components/enrollment-page';
import { NotesView } from '../../features/notes/components/notes-view';

// The app layer composes the enrollment page with the panels other features own (features never
// import each other).
const slots: EnrollmentPanelSlots = {
  // The KYC notes, newest first, read-only here.
  notes: (record) => (
    <NotesView
      subject={{ kind: 'enrollment', id: record.id, subDomain: kycNoteSubDomain }}
      clientName={enrollmentDisplayName(record)}
      canAdd={false}
    />
  ),
  documents: (record) => (
    <DocumentsView subject={{ kind: 'enrollment', id: record.id }} isClientView={false} />
  ),
};

// /onboard/{id}: the enrollment management page.
export function EnrollmentPage() {
  return <EnrollmentReviewPage slots={slots} />;
}
