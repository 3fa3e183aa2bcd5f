import { Alert, Button, Group, Loader, Select, Stack, Title } from '@mantine/core';
import {
  ConfiguratorText,
  defaultTerminalName,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import {
  defaultVirtualTerminal,
  VirtualTerminalText,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { showToast } from '../../../components/toasts';
import { useVirtualTerminals } from '../../../lib/virtual-terminals/get-virtual-terminals';
import { useLinkConfig } from '../api/get-link-config';
import { copyText } from '../utils/clipboard';
import {
  availableTerminalMethods,
  defaultTerminalParams,
  fallbackIframeUrl,
  shortTerminalUrl,
  terminalOptionLabel,
  terminalParamsFromUrl,
} from '../utils/terminal-configurator.utils';
import { TerminalEditor } from './terminal-editor';
import { TerminalResultView } from './terminal-result-view';

const NEW_TERMINAL = '__new__';

// /configure-terminal/{publishable key}?terminalId={id} or &new=true.
export function ConfigureTerminalPage() {
  const { apikey = '' } = useParams();
  if (apikey === '') return <Alert color="red">{VirtualTerminalText.ApiKeyRequired}</Alert>;
  return <TerminalConfigurator publishableKey={apikey} />;
}

function TerminalConfigurator({ publishableKey }: { publishableKey: string }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const terminals = useVirtualTerminals(publishableKey);
  const linkConfig = useLinkConfig(publishableKey);
  const [savedId, setSavedId] = useState<string | null>(null);
  const isNew = searchParams.get('new') === 'true';
  const terminalId = searchParams.get('terminalId');

  // Without terminalId the first active terminal (else the first) is chosen and put in
  // the query.
  useEffect(() => {
    if (isNew || terminalId !== null || !terminals.data) return;
    const chosen = defaultVirtualTerminal(terminals.data);
    if (chosen) setSearchParams({ terminalId: chosen.id }, { replace: true });
    else setSearchParams({ new: 'true' }, { replace: true });
  }, [isNew, terminalId, terminals.data, setSearchParams]);

  if (terminals.isPending || linkConfig.isPending) return <Loader aria-label="Loading" />;
  if (terminals.error) {
    return <ConfigurationLoadFailure publishableKey={publishableKey} message={terminals.error.message} />;
  }

  const list = terminals.data;
  const terminal = isNew ? undefined : list.find((candidate) => candidate.id === terminalId);
  const available = availableTerminalMethods(linkConfig.data?.merchant.configuration);
  const defaults = defaultTerminalParams(available);
  const virtualTerminalPath = (id: string) =>
    `/virtual-terminal/${encodeURIComponent(publishableKey)}?terminalId=${encodeURIComponent(id)}`;
  const saved = savedId === null ? undefined : list.find((candidate) => candidate.id === savedId);

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Configure Virtual Terminal
      </Title>
      <Group align="flex-end">
        <Select
          label="Terminal"
          data={[
            ...list.map((candidate, index) => ({
              value: candidate.id,
              label: terminalOptionLabel(candidate, index),
            })),
            { value: NEW_TERMINAL, label: ConfiguratorText.CreateNewTerminal },
          ]}
          value={isNew ? NEW_TERMINAL : terminalId}
          allowDeselect={false}
          onChange={(value) => {
            setSavedId(null);
            setSearchParams(
              value === NEW_TERMINAL || value === null ? { new: 'true' } : { terminalId: value },
            );
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          disabled={terminal === undefined}
          onClick={() => terminal && navigate(virtualTerminalPath(terminal.id))}
        >
          Go To Virtual Terminal
        </Button>
      </Group>
      {saved ? (
        <TerminalResultView
          iframeUrl={new URL(saved.url, window.location.origin).toString()}
          shortUrl={shortTerminalUrl(window.location.origin, saved.url_id)}
          onChangeConfiguration={() => setSavedId(null)}
          onUseVirtualTerminal={() => navigate(virtualTerminalPath(saved.id))}
        />
      ) : (
        (isNew || terminal) && (
          <TerminalEditor
            key={terminal?.id ?? NEW_TERMINAL}
            publishableKey={publishableKey}
            terminal={terminal}
            initialName={terminal?.name ?? defaultTerminalName(new Date())}
            initialSettings={terminal ? terminalParamsFromUrl(terminal.url, defaults) : defaults}
            available={available}
            onSaved={({ id }) => {
              setSavedId(id);
              // After saving, terminalId is set and the new flag removed.
              setSearchParams({ terminalId: id }, { replace: true });
            }}
          />
        )
      )}
    </Stack>
  );
}

// When the configuration cannot be loaded the link falls back to the default
// iframe link, built from the key and the virtual-terminal flag; it can still be copied.
function ConfigurationLoadFailure({ publishableKey, message }: { publishableKey: string; message: string }) {
  const link = fallbackIframeUrl(window.location.origin, publishableKey);
  return (
    <Stack gap="md" maw={900}>
      <Alert color="red">{message}</Alert>
      <Group>
        <Button
          variant="default"
          onClick={async () => {
            if (await copyText(link)) {
              await showToast({ text: ConfiguratorText.IframeLinkCopied, type: 'success' });
            }
          }}
        >
          Copy iFrame Link
        </Button>
      </Group>
    </Stack>
  );
}
