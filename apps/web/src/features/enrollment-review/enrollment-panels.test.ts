import { describe, expect, it } from 'vitest';
import { enrollmentPageRights, enrollmentPanels, enrollmentPanelTitles } from './enrollment-panels';

describe('enrollmentPageRights (spec 2 §6)', () => {
  it('gives admin and white-label staff everything', () => {
    for (const role of ['admin', 'healnow'] as const) {
      expect(Object.values(enrollmentPageRights(role)).every(Boolean)).toBe(true);
    }
  });

  it('lets parents edit and see parent details, but not processing, Jump-to, Actions or staff items', () => {
    expect(enrollmentPageRights('parent')).toEqual({
      canEdit: true,
      canSeeProcessing: false,
      canUseJumpMenu: false,
      canUseActions: false,
      canOpenStaffItems: false,
      canSeeParentDetails: true,
    });
  });

  it('gives other roles nothing (the route refuses them anyway)', () => {
    expect(Object.values(enrollmentPageRights('user')).some(Boolean)).toBe(false);
  });
});

it('names every side panel of spec 2 §2.1', () => {
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
