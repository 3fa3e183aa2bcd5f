// These extensions have their own icon; every other file gets the generic one.
export const fileIconKinds = ['doc', 'docx', 'jpg', 'pdf', 'png', 'txt', 'generic'] as const;
export type FileIconKind = (typeof fileIconKinds)[number];

export function fileIconKindOf(extension: string): FileIconKind {
  const normalized = extension.trim().replace(/^\./, '').toLowerCase();
  if (normalized === 'jpeg') return 'jpg';
  return fileIconKinds.find((kind) => kind === normalized && kind !== 'generic') ?? 'generic';
}
