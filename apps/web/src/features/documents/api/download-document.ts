import { documentFileSchema, downloadFileName } from '@portico/contracts/documents/documents';
import { apiRequest } from '../../../lib/api-client';
import { saveBase64File } from '../utils/read-file';

// GET api/documents?id=: the file as base64 and its name, saved as an attachment.
export async function downloadDocument(document: { id: string; extension: string }): Promise<void> {
  const file = await apiRequest('/api/documents', { schema: documentFileSchema, query: { id: document.id } });
  saveBase64File(file.file, downloadFileName(file.filename, document.extension), file.mime_type);
}
