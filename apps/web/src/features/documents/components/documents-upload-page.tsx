import { Alert, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { z } from 'zod';
import { DocumentsView } from './documents-view';

const clientIdParam = z.uuid();

// /documents/upload/{clientid}: a merchant's own upload page, linked from e-mails.
export function DocumentsUploadPage() {
  const clientId = clientIdParam.safeParse(useParams().clientid);
  if (!clientId.success) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="This upload link is not valid.">
          Ask us for a new link.
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="md">
      <DocumentsView subject={{ kind: 'client', id: clientId.data }} isClientView title="Upload Documents" />
    </Container>
  );
}
