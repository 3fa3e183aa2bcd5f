import { Alert, Button, Loader, Stack } from '@mantine/core';
import {
  type EnrollmentRecord,
  EnrollmentRecordText,
  enrollmentDisplayName,
  updateFailedText,
} from '@portico/contracts/enrollment/enrollment-record';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { EditSaveButtons, SaveConfirmBar, useRecordEdit } from '../../../components/record-edit';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useEditEnrollment } from '../api/edit-enrollment';
import { useEnrollment } from '../api/get-enrollment';
import { type EnrollmentPageRights, type EnrollmentPanel, enrollmentPageRights } from '../enrollment-panels';
import {
  buildEditDraft,
  draftErrors,
  type EnrollmentFormValues,
  formValuesOf,
} from '../utils/enrollment-form.utils';
import { visibleSections } from '../utils/enrollment-sections';
import { EnrollmentDrawer, type EnrollmentPanelSlots } from './enrollment-drawer';
import { EnrollmentHeader } from './enrollment-header';
import { ActionsMenu, JumpToMenu, OpenMenu } from './enrollment-menus';
import { EnrollmentSection } from './enrollment-section';
import { WelcomeEmailNotice } from './welcome-email-notice';

const enrollmentIdParam = z.uuid();

// /onboard/{id}: the enrollment management page; slots hold the panels other features provide.
export function EnrollmentReviewPage({ slots }: { slots: EnrollmentPanelSlots }) {
  const id = enrollmentIdParam.safeParse(useParams().id);
  if (!id.success) return <Alert color="red">This enrollment address is not valid.</Alert>;
  return <EnrollmentLoader id={id.data} slots={slots} />;
}

function EnrollmentLoader({ id, slots }: { id: string; slots: EnrollmentPanelSlots }) {
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
      slots={slots}
      onChanged={() => void enrollment.refetch()}
    />
  );
}

type EnrollmentViewProps = {
  record: EnrollmentRecord;
  rights: EnrollmentPageRights;
  slots: EnrollmentPanelSlots;
  onChanged: () => void;
};

function EnrollmentView({ record, rights, slots, onChanged }: EnrollmentViewProps) {
  const [panel, setPanel] = useState<EnrollmentPanel | null>(null);
  const form = useForm<EnrollmentFormValues>({ defaultValues: formValuesOf(record) });
  const edit = useEditEnrollment(record.id);
  const editing = useRecordEdit({
    record,
    form,
    valuesOf: formValuesOf,
    save: edit.mutateAsync,
    savedText: EnrollmentRecordText.Updated,
    failedText: updateFailedText,
  });

  function askToSave() {
    form.clearErrors();
    const draft = buildEditDraft(record, form.getValues(), { canSeeProcessing: rights.canSeeProcessing });
    const errors = draftErrors(draft);
    for (const error of errors) form.setError(error.name, { message: error.message });
    editing.askToConfirm(errors.length === 0 ? draft : null);
  }

  return (
    <Stack gap="md">
      <EnrollmentHeader record={record} rights={rights}>
        {rights.canUseJumpMenu && <JumpToMenu />}
        {rights.canUseActions && (
          <ActionsMenu applicationStatus={record.application_status} onOpen={setPanel} />
        )}
        <OpenMenu ids={{ id: record.id, parentId: record.parent_id }} rights={rights} onOpen={setPanel} />
        <Button variant="default" onClick={() => setPanel('ticket')}>
          Submit a Ticket
        </Button>
        {rights.canEdit && <EditSaveButtons edit={editing} isSaving={edit.isPending} onSave={askToSave} />}
      </EnrollmentHeader>
      <SaveConfirmBar edit={editing} message={EnrollmentRecordText.ConfirmSave} isSaving={edit.isPending} />
      <WelcomeEmailNotice record={record} />
      <form
        aria-label={`Enrollment of ${enrollmentDisplayName(record)}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (editing.isEditing) askToSave();
        }}
      >
        <Stack gap="md">
          {visibleSections(rights.canSeeProcessing).map((section) => (
            <EnrollmentSection
              key={section.id}
              section={section}
              isEditing={editing.isEditing}
              register={form.register}
              control={form.control}
              errors={form.formState.errors}
            />
          ))}
        </Stack>
      </form>
      <EnrollmentDrawer
        panel={panel}
        record={record}
        slots={slots}
        onClose={() => setPanel(null)}
        onChanged={onChanged}
      />
    </Stack>
  );
}
