import { Button } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ConfirmBar } from './confirm-bar';
import { showToast } from './toasts';

type RecordEditOptions<Row, Values extends FieldValues, Draft> = {
  record: Row;
  form: UseFormReturn<Values>;
  // The form's values for a record; a function defined once, not per render.
  valuesOf: (record: Row) => Values;
  save: (draft: Draft) => Promise<unknown>;
  savedText: string;
  failedText: (serverMessage: string) => string;
};

export type RecordEdit<Draft> = {
  isEditing: boolean;
  // The change waiting for the user's confirmation (Save asks first).
  pendingDraft: Draft | null;
  toggleEdit: () => void;
  stopEditing: () => void;
  askToConfirm: (draft: Draft | null) => void;
  confirm: (draft: Draft) => Promise<void>;
};

// Edit, Save and its confirmation on a record page. Until Edit the form shows the record; a fresh
// record (after a save or a panel's change) shows as read-only values again. A save confirms with a
// toast and ends editing; a refusal says why and leaves the edits in place.
export function useRecordEdit<Row, Values extends FieldValues, Draft>({
  record,
  form,
  valuesOf,
  save,
  savedText,
  failedText,
}: RecordEditOptions<Row, Values, Draft>): RecordEdit<Draft> {
  const [isEditing, setEditing] = useState(false);
  const [pendingDraft, setPendingDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (!isEditing) form.reset(valuesOf(record));
  }, [record, isEditing, form, valuesOf]);

  function toggleEdit() {
    if (isEditing) form.reset(valuesOf(record));
    setPendingDraft(null);
    setEditing(!isEditing);
  }

  async function confirm(draft: Draft) {
    try {
      await save(draft);
      showToast({ text: savedText, type: 'success' });
      setPendingDraft(null);
      setEditing(false);
    } catch (error) {
      setPendingDraft(null);
      showToast({ text: failedText(error instanceof Error ? error.message : ''), type: 'danger' });
    }
  }

  return {
    isEditing,
    pendingDraft,
    toggleEdit,
    stopEditing: () => setEditing(false),
    askToConfirm: setPendingDraft,
    confirm,
  };
}

type EditSaveButtonsProps<Draft> = {
  edit: RecordEdit<Draft>;
  isSaving: boolean;
  onSave: () => void;
};

// Edit (Cancel while editing) and Save, for the record page's header.
export function EditSaveButtons<Draft>({ edit, isSaving, onSave }: EditSaveButtonsProps<Draft>) {
  return (
    <>
      <Button variant={edit.isEditing ? 'default' : 'filled'} onClick={edit.toggleEdit} disabled={isSaving}>
        {edit.isEditing ? 'Cancel' : 'Edit'}
      </Button>
      <Button onClick={onSave} disabled={!edit.isEditing || edit.pendingDraft !== null} loading={isSaving}>
        Save
      </Button>
    </>
  );
}

type SaveConfirmBarProps<Draft> = {
  edit: RecordEdit<Draft>;
  message: ReactNode;
  isSaving: boolean;
};

// The question Save asks before anything is sent, while a change waits.
export function SaveConfirmBar<Draft>({ edit, message, isSaving }: SaveConfirmBarProps<Draft>) {
  const draft = edit.pendingDraft;
  if (draft === null) return null;
  return (
    <ConfirmBar
      message={message}
      confirmLabel="Save"
      onConfirm={() => void edit.confirm(draft)}
      onCancel={() => edit.askToConfirm(null)}
      isConfirming={isSaving}
    />
  );
}
