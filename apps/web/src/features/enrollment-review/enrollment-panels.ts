import type { UserType } from '@portico/contracts/auth/roles';

// Spec 2 §2.1: the side panels of the enrollment management page, each opened in the page's drawer
// under one key. Titles are the spec's panel names.
export const enrollmentPanels = [
  'users-contacts',
  'ids',
  'cta',
  'manage-kyc',
  'view-kyc',
  'run-kyc',
  'kyc-log',
  'approve-reject',
  'hierarchy',
  'ticket',
  'notes',
  'documents',
  'certification',
] as const;
export type EnrollmentPanel = (typeof enrollmentPanels)[number];

export const enrollmentPanelTitles: Record<EnrollmentPanel, string> = {
  'users-contacts': 'Users & Contacts',
  ids: 'IDs & Full Data',
  cta: 'Enrollment Click-to-Agree Form',
  'manage-kyc': 'KYC Actions',
  'view-kyc': 'View KYC',
  'run-kyc': 'Run KYC',
  'kyc-log': 'KYC Log',
  'approve-reject': 'Approve or Reject Client',
  hierarchy: 'Edit Hierarchy',
  ticket: 'Submit a Ticket',
  notes: 'Notes',
  documents: 'Documents',
  certification: 'Certification',
};

// Spec 2 §6: what each role of the page may use. Admin and healnow (white-label) have everything;
// parents edit and save but see no processing section, no Jump-to or Actions menu, and of the Open
// menu only Users & Contacts and Terms and Conditions.
export type EnrollmentPageRights = {
  canEdit: boolean;
  canSeeProcessing: boolean;
  canUseJumpMenu: boolean;
  canUseActions: boolean;
  canOpenStaffItems: boolean;
  canSeeParentDetails: boolean;
};

export function enrollmentPageRights(role: UserType): EnrollmentPageRights {
  const isStaff = role === 'admin' || role === 'healnow';
  const isParent = role === 'parent';
  return {
    canEdit: isStaff || isParent,
    canSeeProcessing: isStaff,
    canUseJumpMenu: isStaff,
    canUseActions: isStaff,
    canOpenStaffItems: isStaff,
    canSeeParentDetails: isStaff || isParent,
  };
}

// Spec 2 §2.1 Actions menu, in order; KYC Log and Certification have no menu entry in the spec and
// follow under a divider so every side panel can be reached.
export const actionMenuItems: readonly { label: string; panel: EnrollmentPanel }[] = [
  { label: 'CTA Options', panel: 'cta' },
  { label: 'Manage KYC', panel: 'manage-kyc' },
  { label: 'View KYC', panel: 'view-kyc' },
  { label: 'Run KYC', panel: 'run-kyc' },
  { label: 'Approve or Reject Client', panel: 'approve-reject' },
  { label: 'Edit Hierarchy', panel: 'hierarchy' },
];
export const moreActionItems: readonly { label: string; panel: EnrollmentPanel }[] = [
  { label: 'KYC Log', panel: 'kyc-log' },
  { label: 'Certification', panel: 'certification' },
];

export type OpenMenuItem =
  | { label: string; kind: 'panel'; panel: EnrollmentPanel; isStaffOnly: boolean }
  | {
      label: string;
      kind: 'link';
      href: (ids: { id: string; parentId: string | null }) => string | null;
      isStaffOnly: boolean;
    };

// Spec 2 §2.1 Open menu. Links open in a new tab under the portal's base path.
export const openMenuItems: readonly OpenMenuItem[] = [
  { label: 'IDs & Full Data', kind: 'panel', panel: 'ids', isStaffOnly: true },
  {
    label: 'Parent Account',
    kind: 'link',
    href: ({ parentId }) => (parentId ? `/app/account/${parentId}` : null),
    isStaffOnly: true,
  },
  { label: 'Notes', kind: 'panel', panel: 'notes', isStaffOnly: true },
  { label: 'Documents', kind: 'panel', panel: 'documents', isStaffOnly: true },
  { label: 'Users & Contacts', kind: 'panel', panel: 'users-contacts', isStaffOnly: false },
  { label: 'Terms and Conditions', kind: 'link', href: ({ id }) => `/app/terms/${id}`, isStaffOnly: false },
  // Spec 2 §2.1: the approved MCC codes report of the enrollment's parent.
  {
    label: 'Approved MCC Codes',
    kind: 'link',
    href: ({ parentId }) => (parentId ? `/app/reports/mcc/${parentId}` : null),
    isStaffOnly: false,
  },
];
