import { Alert, Button, Loader, Stack } from '@mantine/core';
import {
  type EnrollmentRecord,
  EnrollmentRecordText,
  enrollmentDisplayName,
  updateFailedText,
} from '@portico/contracts/enrollment/enrollment-record';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { ConfirmBar } from '../../../components/confirm-bar';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useEditEnrollment } from '../api/edit-enrollment';
import { useEnrollment } from '../api/get-enrollment';
import { type EnrollmentPageRights, type EnrollmentPanel, enrollmentPageRights } from '../enrollment-panels';
import {
  buildEditDraft,
  draftErrors,
  type EnrollmentEditDraft,
  type EnrollmentFormValues,
  formValuesOf,
} from '../utils/enrollment-form.utils';
import { visibleSections } from '../utils/enrollment-sections';
import { EnrollmentDrawer } from './enrollment-drawer';
import { EnrollmentHeader } from './enrollment-header';
import { ActionsMenu, JumpToMenu, OpenMenu } from './enrollment-menus';
import { EnrollmentSection } from './enrollment-section';
import { WelcomeEmailNotice } from './welcome-email-notice';

const enrollmentIdParam = z.uuid();

// /onboard/{id} (spec 2 §2.1): the enrollment management page.
export function EnrollmentPage() {
  const id = enrollmentIdParam.safeParse(useParams().id);
  if (!id.success) return <Alert color="red">This enrollment address is not valid.</Alert>;
  return <EnrollmentLoader id={id.data} />;
}

function EnrollmentLoader({ id }: { id: string }) {
  const enrollment = useEnrollment(id);
  const { actingRole } = useSignedInSession();
  if (enrollment.isPending) return <Loader aria-label="Loading enrollment" />;
  if (enrollment.isError) {
    return (
      <Alert color="red" title="The enrollment could not be loaded.">
        {enrollment.error.message}
        <Button ml="sm" size="xs" variant="light" onClick={() => void enrollment.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <EnrollmentView
      record={enrollment.data}
      rights={enrollmentPageRights(actingRole)}
      onChanged={() => void enrollment.refetch()}
    />
  );
}

type EnrollmentViewProps = {
  record: EnrollmentRecord;
  rights: EnrollmentPageRights;
  onChanged: () => void;
};

function EnrollmentView({ record, rights, onChanged }: EnrollmentViewProps) {
  const [panel, setPanel] = useState<EnrollmentPanel | null>(null);
  const [isEditing, setEditing] = useState(false);
  // The change waiting for the user's confirmation (spec 2 §4: Save asks first).
  const [pendingDraft, setPendingDraft] = useState<EnrollmentEditDraft | null>(null);
  const form = useForm<EnrollmentFormValues>({ defaultValues: formValuesOf(record) });
  const edit = useEditEnrollment(record.id);

  // A fresh record (after a save or a panel's change) shows as read-only values.
  useEffect(() => {
    if (!isEditing) form.reset(formValuesOf(record));
  }, [record, isEditing, form]);

  function toggleEdit() {
    if (isEditing) form.reset(formValuesOf(record));
    setPendingDraft(null);
    setEditing(!isEditing);
  }

  function askToSave() {
    form.clearErrors();
    const draft = buildEditDraft(record, form.getValues(), { canSeeProcessing: rights.canSeeProcessing });
    const errors = draftErrors(draft);
    for (const error of errors) form.setError(error.name, { message: error.message });
    setPendingDraft(errors.length === 0 ? draft : null);
  }

  async function save(draft: EnrollmentEditDraft) {
    try {
      await edit.mutateAsync(draft);
      showToast({ text: EnrollmentRecordText.Updated, type: 'success' });
      setPendingDraft(null);
      setEditing(false);
    } catch (error) {
      setPendingDraft(null);
      showToast({ text: updateFailedText(error instanceof Error ? error.message : ''), type: 'danger' });
    }
  }

  return (
    <Stack gap="md">
      <EnrollmentHeader record={record} rights={rights}>
        {rights.canUseJumpMenu && <JumpToMenu />}
        {rights.canUseActions && <ActionsMenu onOpen={setPanel} />}
        <OpenMenu ids={{ id: record.id, parentId: record.parent_id }} rights={rights} onOpen={setPanel} />
        <Button variant="default" onClick={() => setPanel('ticket')}>
          Submit a Ticket
        </Button>
        {rights.canEdit && (
          <>
            <Button variant={isEditing ? 'default' : 'filled'} onClick={toggleEdit} disabled={edit.isPending}>
              {isEditing ? 'Cancel' : 'Edit'}
            </Button>
            <Button
              onClick={askToSave}
              disabled={!isEditing || pendingDraft !== null}
              loading={edit.isPending}
            >
              Save
            </Button>
          </>
        )}
      </EnrollmentHeader>
      {pendingDraft && (
        <ConfirmBar
          message={EnrollmentRecordText.ConfirmSave}
          confirmLabel="Save"
          onConfirm={() => void save(pendingDraft)}
          onCancel={() => setPendingDraft(null)}
          isConfirming={edit.isPending}
        />
      )}
      <WelcomeEmailNotice record={record} />
      <form
        aria-label={`Enrollment of ${enrollmentDisplayName(record)}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (isEditing) askToSave();
        }}
      >
        <Stack gap="md">
          {visibleSections(rights.canSeeProcessing).map((section) => (
            <EnrollmentSection
              key={section.id}
              section={section}
              isEditing={isEditing}
              register={form.register}
              control={form.control}
              errors={form.formState.errors}
            />
          ))}
        </Stack>
      </form>
      <EnrollmentDrawer panel={panel} record={record} onClose={() => setPanel(null)} onChanged={onChanged} />
    </Stack>
  );
}
