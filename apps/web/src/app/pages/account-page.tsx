import { Alert, Button, Drawer, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { DocumentsView } from '../../features/documents/components/documents-view';
import { NotesView } from '../../features/notes/components/notes-view';
import { useSignedInSession } from '../../lib/auth/session-context';

const clientIdParam = z.uuid();
type Panel = 'notes' | 'documents' | null;

// /account/{clientid} (spec 2 §2.2). The Links menu's Notes and Documents side panels are here;
// the account's sections arrive with the accounts work.
export function AccountPage() {
  const clientId = clientIdParam.safeParse(useParams().clientid);
  const { myClients } = useSignedInSession();
  const [panel, setPanel] = useState<Panel>(null);
  if (!clientId.success) return <Alert color="red">This account address is not valid.</Alert>;
  const client = myClients?.find((entry) => entry.id === clientId.data);
  const name = client?.dba_name ?? client?.name ?? 'Account';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{name}</Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
              Links
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setPanel('notes')}>Notes</Menu.Item>
            <Menu.Item onClick={() => setPanel('documents')}>Documents</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Paper withBorder p="lg">
        <Text c="dimmed">
          Business details, processing, pricing and fees of this account are being built.
        </Text>
      </Paper>
      <Drawer
        opened={panel !== null}
        onClose={() => setPanel(null)}
        position="right"
        size="xl"
        title={panel === 'notes' ? 'Notes' : 'Documents'}
      >
        {panel === 'notes' && <NotesView subject={{ kind: 'client', id: clientId.data }} clientName={name} />}
        {panel === 'documents' && (
          <DocumentsView subject={{ kind: 'client', id: clientId.data }} isClientView={false} />
        )}
      </Drawer>
    </Stack>
  );
}
