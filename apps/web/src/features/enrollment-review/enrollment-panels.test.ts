import { describe, expect, it } from 'vitest';
import {
  actionMenuItems,
  actionMenuItemsFor,
  canOpenMenuItem,
  enrollmentPageRights,
  enrollmentPanels,
  enrollmentPanelTitles,
  openMenuItems,
} from './enrollment-panels';

describe('enrollmentPageRights', () => {
  it('gives admin and white-label staff everything', () => {
    for (const role of ['admin', 'healnow'] as const) {
      expect(Object.values(enrollmentPageRights(role)).every(Boolean)).toBe(true);
    }
  });

  it.each([
    ['parent', true],
    ['user', false],
  ] as const)('lets %s (a parent or a parent member) edit and see parent details, but not processing, Jump-to, Actions or staff items', (role, canOpenParentItems) => {
    expect(enrollmentPageRights(role)).toEqual({
      canEdit: true,
      canSeeProcessing: false,
      canUseJumpMenu: false,
      canUseActions: false,
      canOpenStaffItems: false,
      canOpenParentItems,
      canSeeParentDetails: true,
    });
  });

  it('offers a parent member only the Open menu items whose pages it can use', () => {
    const labels = (role: 'parent' | 'user') =>
      openMenuItems
        .filter((item) => canOpenMenuItem(enrollmentPageRights(role), item))
        .map((item) => item.label);
    expect(labels('parent')).toEqual(['Users & Contacts', 'Terms and Conditions', 'Approved MCC Codes']);
    expect(labels('user')).toEqual(['Terms and Conditions']);
  });

  it('gives other roles nothing (the route refuses them anyway)', () => {
    expect(Object.values(enrollmentPageRights('alpha')).some(Boolean)).toBe(false);
  });
});

it('names every side panel of the enrollment page', () => {
  expect(enrollmentPanels.map((panel) => enrollmentPanelTitles[panel])).toEqual(
    expect.arrayContaining([
      'Users & Contacts',
      'IDs & Full Data',
      'Enrollment Click-to-Agree Form',
      'KYC Actions',
      'KYC Log',
      'Approve or Reject Client',
      'Edit Hierarchy',
      'Submit a Ticket',
      'Notes',
      'Documents',
      'Certification',
    ]),
  );
});

describe('actionMenuItemsFor', () => {
  it('lists Approve or Reject Client only while the application is undecided', () => {
    for (const status of [null, 'SEND LINK', 'PENDING'] as const) {
      expect(actionMenuItemsFor(status)).toEqual(actionMenuItems);
    }
    for (const status of ['BOARDED', 'REJECTED'] as const) {
      const panels = actionMenuItemsFor(status).map((item) => item.panel);
      expect(panels).not.toContain('approve-reject');
      expect(panels).toEqual(['cta', 'manage-kyc', 'view-kyc', 'run-kyc', 'hierarchy']);
    }
  });
});
