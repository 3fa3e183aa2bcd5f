import { notifications } from '@mantine/notifications';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { HierarchyPanel } from './hierarchy-panel';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const summit = {
  id: '1b1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  name: 'Summit',
  legal_name: 'Summit Merchant Services LLC',
};
const blueriver = {
  id: '2b1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  name: 'BlueRiver',
  legal_name: 'BlueRiver Payments Group Inc.',
};

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function chooseParent(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'New parent' }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('HierarchyPanel', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('saves only with a parent chosen, sends its legal name, and confirms', async () => {
    const fetchMock = stubFetch({
      '/api/client/parent': ok([summit, blueriver]),
      'POST /api/enroll/hierarchy': ok({
        enrollment_id: enrollmentId,
        parent_id: blueriver.id,
        client_id: null,
      }),
    });
    const onChanged = vi.fn();
    renderFeature(
      <HierarchyPanel
        enrollmentId={enrollmentId}
        currentParentId={summit.id}
        currentParentName="Summit Merchant Services"
        onChanged={onChanged}
      />,
    );
    expect(await screen.findByText('Current parent: Summit Merchant Services LLC')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(save);
    expect(postedBodies(fetchMock)).toEqual([]);

    await chooseParent(blueriver.legal_name);
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText(EnrollmentActionText.ParentChanged)).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      { enrollid: enrollmentId, parent_legal_name: blueriver.legal_name },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the failure toast and no success when the server refuses', async () => {
    stubFetch({
      '/api/client/parent': ok([summit, blueriver]),
      'POST /api/enroll/hierarchy': failure(400, 'UNKNOWN_PARENT', EnrollmentActionText.UnknownParent),
    });
    const onChanged = vi.fn();
    renderFeature(
      <HierarchyPanel
        enrollmentId={enrollmentId}
        currentParentId={null}
        currentParentName={null}
        onChanged={onChanged}
      />,
    );
    expect(await screen.findByText('Current parent: None')).toBeInTheDocument();
    await chooseParent(blueriver.legal_name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EnrollmentActionText.ParentChangeFailed)).toBeInTheDocument();
    expect(screen.getByText(EnrollmentActionText.UnknownParent)).toBeInTheDocument();
    expect(screen.queryByText(EnrollmentActionText.ParentChanged)).not.toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
