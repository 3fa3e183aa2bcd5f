import type { UserType } from '@portico/contracts/auth/roles';
import { type NoteCategory, noteCategoriesCreatableBy } from '@portico/contracts/notes/notes';

const categoryLabels: Record<NoteCategory, string> = {
  note: 'Note',
  risk: 'Risk',
  operations: 'Operations',
  system: 'System',
  dnc: 'Do not call',
  statementNote: 'Statement note',
};

export function noteCategoryLabel(category: NoteCategory): string {
  return categoryLabels[category];
}

// The tags the note form offers: the role's creatable categories, and statement notes only for
// admins, the one role the server lets post them.
export function noteCategoryOptionsFor(role: UserType): { value: NoteCategory; label: string }[] {
  return noteCategoriesCreatableBy(role)
    .filter((category) => category !== 'statementNote' || role === 'admin')
    .map((category) => ({ value: category, label: categoryLabels[category] }));
}
