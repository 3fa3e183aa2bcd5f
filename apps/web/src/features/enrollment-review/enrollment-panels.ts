import type { UserType } from '@portico/contracts/auth/roles';
import type { ApplicationStatus } from '@portico/contracts/enrollment/enroll';
import { isAwaitingDecision } from '@portico/contracts/enrollment/enrollment-actions';

// The side panels of the enrollment management page, each opened in the page's drawer
// under one key. Titles are the product's panel names.
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

// What each role of the page may use. Admin and healnow (white-label) have everything;
// parents (and parent members) edit and save but see no processing section, no Jump-to or Actions menu, and of the Open
// menu only Users & Contacts and Terms and Conditions.
export type EnrollmentPageRights = {
  canEdit: boolean;
  canSeeProcessing: boolean;
  canUseJumpMenu: boolean;
  canUseActions: boolean;
  canOpenStaffItems: boolean;
  // Users & Contacts and the parent's MCC report belong to the parent account itself.
  canOpenParentItems: boolean;
  canSeeParentDetails: boolean;
};

export function enrollmentPageRights(role: UserType): EnrollmentPageRights {
  const isStaff = role === 'admin' || role === 'healnow';
  // A user reaches the page only as a member of the enrollment's parent (the Onboarding grid's
  // scope, checked by the server), so it gets the parent's view.
  const isParent = role === 'parent' || role === 'user';
  return {
    canEdit: isStaff || isParent,
    canSeeProcessing: isStaff,
    canUseJumpMenu: isStaff,
    canUseActions: isStaff,
    canOpenStaffItems: isStaff,
    canOpenParentItems: isStaff || role === 'parent',
    canSeeParentDetails: isStaff || isParent,
  };
}

// Actions menu, in order; KYC Log and Certification follow under a divider so every side panel can be reached.
export const actionMenuItems: readonly { label: string; panel: EnrollmentPanel }[] = [
  { label: 'CTA Options', panel: 'cta' },
  { label: 'Manage KYC', panel: 'manage-kyc' },
  { label: 'View KYC', panel: 'view-kyc' },
  { label: 'Run KYC', panel: 'run-kyc' },
  { label: 'Approve or Reject Client', panel: 'approve-reject' },
  { label: 'Edit Hierarchy', panel: 'hierarchy' },
];
// The Actions menu offers only what can succeed for the application: once it is approved or
// rejected, the decision is final and Approve or Reject Client is no longer listed.
export function actionMenuItemsFor(
  applicationStatus: ApplicationStatus | null,
): readonly { label: string; panel: EnrollmentPanel }[] {
  if (isAwaitingDecision(applicationStatus)) return actionMenuItems;
  return actionMenuItems.filter((item) => item.panel !== 'approve-reject');
}
export const moreActionItems: readonly { label: string; panel: EnrollmentPanel }[] = [
  { label: 'KYC Log', panel: 'kyc-log' },
  { label: 'Certification', panel: 'certification' },
];

// Who an Open menu item is for: staff only, staff and the parent account, or everyone on the page.
export type OpenMenuReach = 'staff' | 'parent' | 'everyone';
export type OpenMenuItem =
  | { label: string; kind: 'panel'; panel: EnrollmentPanel; reach: OpenMenuReach }
  | {
      label: string;
      kind: 'link';
      href: (ids: { id: string; parentId: string | null }) => string | null;
      reach: OpenMenuReach;
    };

export function canOpenMenuItem(rights: EnrollmentPageRights, item: OpenMenuItem): boolean {
  if (item.reach === 'staff') return rights.canOpenStaffItems;
  if (item.reach === 'parent') return rights.canOpenParentItems;
  return true;
}

// Open menu. Links open in a new tab under the portal's base path.
export const openMenuItems: readonly OpenMenuItem[] = [
  { label: 'IDs & Full Data', kind: 'panel', panel: 'ids', reach: 'staff' },
  {
    label: 'Parent Account',
    kind: 'link',
    href: ({ parentId }) => (parentId ? `/app/account/${parentId}` : null),
    reach: 'staff',
  },
  { label: 'Notes', kind: 'panel', panel: 'notes', reach: 'staff' },
  { label: 'Documents', kind: 'panel', panel: 'documents', reach: 'staff' },
  { label: 'Users & Contacts', kind: 'panel', panel: 'users-contacts', reach: 'parent' },
  { label: 'Terms and Conditions', kind: 'link', href: ({ id }) => `/app/terms/${id}`, reach: 'everyone' },
  // The approved MCC codes report of the enrollment's parent.
  {
    label: 'Approved MCC Codes',
    kind: 'link',
    href: ({ parentId }) => (parentId ? `/app/reports/mcc/${parentId}` : null),
    reach: 'parent',
  },
];
