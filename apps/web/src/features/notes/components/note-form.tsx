import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { maxNoteLength, NoteText, noteCategorySchema } from '@portico/contracts/notes/notes';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useCreateNote } from '../api/create-note';
import { noteCategoryOptionsFor } from '../utils/note-categories.utils';
import type { NotesSubject } from '../utils/notes-subject';

const noteFormSchema = z.object({
  comment: z.string().trim().min(1, NoteText.DescriptionRequired).max(maxNoteLength, NoteText.TooLong),
  category: noteCategorySchema,
});
type NoteFormValues = z.infer<typeof noteFormSchema>;

type NoteFormProps = { subject: NotesSubject; onSaved: () => void };

// A description and Save; idle, saving, then success (the form closes) or error.
export function NoteForm({ subject, onSaved }: NoteFormProps) {
  const { actingRole } = useSignedInSession();
  const categoryOptions = noteCategoryOptionsFor(actingRole);
  const createNote = useCreateNote(subject);
  const form = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { comment: '', category: 'note' },
  });

  const save = form.handleSubmit(async (values) => {
    try {
      await createNote.mutateAsync(values);
      showToast({ text: NoteText.Created, type: 'success' });
      form.reset();
      onSaved();
    } catch {
      showToast({ text: NoteText.Failed, type: 'danger' });
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Description"
          rows={5}
          withAsterisk
          error={form.formState.errors.comment?.message}
          {...form.register('comment')}
        />
        {categoryOptions.length > 1 && (
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select
                label="Tag"
                data={categoryOptions}
                value={field.value}
                onChange={(value) => {
                  const parsed = noteCategorySchema.safeParse(value);
                  if (parsed.success) field.onChange(parsed.data);
                }}
                allowDeselect={false}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={createNote.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
