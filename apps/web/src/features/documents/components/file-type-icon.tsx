import { extensionOfFileName } from '@portico/contracts/documents/documents';
import {
  IconFile,
  IconFileTypeDoc,
  IconFileTypeDocx,
  IconFileTypeJpg,
  IconFileTypePdf,
  IconFileTypePng,
  IconFileTypeTxt,
} from '@tabler/icons-react';
import { type FileIconKind, fileIconKindOf } from '../utils/file-icon.utils';

const icons: Record<FileIconKind, typeof IconFile> = {
  doc: IconFileTypeDoc,
  docx: IconFileTypeDocx,
  jpg: IconFileTypeJpg,
  pdf: IconFileTypePdf,
  png: IconFileTypePng,
  txt: IconFileTypeTxt,
  generic: IconFile,
};

type FileTypeIconProps = { fileName?: string; extension?: string };

export function FileTypeIcon({ fileName = '', extension }: FileTypeIconProps) {
  const kind = fileIconKindOf(extension ?? extensionOfFileName(fileName));
  const Icon = icons[kind];
  return <Icon size={20} aria-label={`${kind} file`} data-icon-kind={kind} />;
}
