import { Alert, Button, Card, Checkbox, Code, Group, Stack, Title } from '@mantine/core';
import {
  encodePaymentFrameParams,
  type FrameColorScheme,
  paymentFrameAddress,
  withFrameColorScheme,
} from '@portico/contracts/payment-frame/params';
import {
  isUuidV1To5,
  LinkBuilderText,
  linkButtonLabel,
  offeredLinkMethods,
} from '@portico/contracts/payment-links/link-builder';
import type { LinkMerchant } from '@portico/contracts/payment-links/payment-links';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Dropdown } from '../../../components/dropdown';
import { useLinkConfig } from '../api/get-link-config';
import { useLinkMerchants } from '../api/get-link-merchants';
import { useOpenLinkTerminals } from '../api/get-link-terminals';
import { usePublishableKey } from '../api/get-publishable-key';
import type { LinkCredential } from '../api/link-credential';
import { useBuildLink } from '../api/sign-link';
import {
  iframeCode,
  initialLinkState,
  type LinkBuilderState,
  linkEndDate,
  linkMessages,
  linkParamsOf,
  savedPaymentOptions,
  storageKeys,
  todayIso,
} from '../utils/link-builder-state.utils';
import { ApiKeyModal } from './api-key-modal';
import { LinkSettingsForm } from './link-settings-form';
import { LinkSuccessModal } from './link-success-modal';
import { PageDesignEditor } from './page-design-editor';

type PendingAction = 'link' | 'open';
type KeyModalState = 'auto' | 'open' | 'closed';

// The merchant a signed-in builder makes links for: the one picked, else the one whose publishable
// key the address carries, else the only one.
function chosenMerchant(
  merchants: readonly LinkMerchant[],
  pickedId: string | null,
  addressKey: string | null,
): LinkMerchant | null {
  return (
    merchants.find((merchant) => merchant.id === pickedId) ??
    merchants.find((merchant) => merchant.publishable_key === addressKey) ??
    (merchants.length === 1 ? (merchants[0] ?? null) : null)
  );
}

// /createlink/{apikey?}: the payment link builder. Signed in, the session is the credential: the user
// picks one of the merchants where they hold Payment Pages and types no key. Nobody signed in, a key
// names the merchant (the address's publishable key, and the secret key typed in to sign).
export function CreateLinkPage() {
  const { apikey } = useParams();
  const addressKey = apikey !== undefined && apikey !== '' ? apikey : null;
  const merchants = useLinkMerchants();
  // null: nobody is signed in; undefined: not known yet.
  const signedInMerchants = merchants.isPending ? undefined : merchants.isError ? [] : merchants.data;
  const isAnonymous = signedInMerchants === null;
  const [pickedMerchantId, setPickedMerchantId] = useState<string | null>(null);
  const merchant = signedInMerchants ? chosenMerchant(signedInMerchants, pickedMerchantId, addressKey) : null;
  const isAddressKeyMalformed = isAnonymous && addressKey !== null && !isUuidV1To5(addressKey);
  // The secret key typed into the modal: memory only.
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const bearerKey = isAnonymous ? (typedKey ?? (isAddressKeyMalformed ? null : addressKey)) : null;
  const [keyModal, setKeyModal] = useState<KeyModalState>('auto');
  const isKeyModalOpen = keyModal === 'open' || (keyModal === 'auto' && isAnonymous && bearerKey === null);
  const publishable = usePublishableKey(bearerKey);
  const isSecretInAddress = typedKey === null && publishable.data?.is_secret_key === true;
  const usableKey = isSecretInAddress ? null : bearerKey;
  const credential: LinkCredential | null =
    merchant !== null
      ? { kind: 'session', clientId: merchant.id }
      : usableKey !== null
        ? { kind: 'key', key: usableKey }
        : null;
  const linkConfig = useLinkConfig(credential);
  const terminals = useOpenLinkTerminals(credential);
  const build = useBuildLink();
  const today = todayIso(new Date());
  const [state, setState] = useState<LinkBuilderState>(() =>
    initialLinkState(today, {
      description: localStorage.getItem(storageKeys.description),
      paymentOptions: savedPaymentOptions(localStorage.getItem(storageKeys.paymentOptions)),
    }),
  );
  // The link page's colour scheme, as the merchant chooses it in the page design: never the portal's
  // own, since the link is opened on the payer's device.
  const [colorScheme, setColorScheme] = useState<FrameColorScheme>('light');
  const [hasTried, setHasTried] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [linkUrl, setLinkUrl] = useState<{ url: string; shortUrl: string | null } | null>(null);
  const [isIframeCodeShown, setIsIframeCodeShown] = useState(false);

  const openTerminals = terminals.data ?? [];
  const offered = offeredLinkMethods(
    linkConfig.data?.merchant.configuration ?? { payment: false, ach: false, crypto: false },
    openTerminals.length > 0,
  );
  const messages = hasTried ? linkMessages(state, today) : {};
  const publishableKey =
    merchant !== null
      ? merchant.publishable_key
      : isSecretInAddress || !isAnonymous
        ? undefined
        : publishable.data?.publishable_key;
  // A publishable-key failure, or no merchant chosen, disables the link buttons.
  const areButtonsDisabled = publishableKey === undefined || build.isPending;

  // Remember the description and payment options; unoffered methods are dropped; the
  // terminal defaults to the first open one.
  useEffect(() => {
    localStorage.setItem(storageKeys.description, state.description);
    localStorage.setItem(storageKeys.paymentOptions, JSON.stringify(state.paymentOptions));
  }, [state.description, state.paymentOptions]);
  const offeredKey = offered.join(',');
  useEffect(() => {
    if (!linkConfig.data) return;
    setState((current) => {
      const kept = current.paymentOptions.filter((method) => offeredKey.split(',').includes(method));
      return kept.length === current.paymentOptions.length ? current : { ...current, paymentOptions: kept };
    });
  }, [linkConfig.data, offeredKey]);
  const firstTerminalId = openTerminals[0]?.id ?? null;
  useEffect(() => {
    setState((current) =>
      current.terminal === null && firstTerminalId !== null
        ? { ...current, terminal: firstTerminalId }
        : current,
    );
  }, [firstTerminalId]);

  // The link's frame params: the settings and page design, and the colour scheme chosen for it.
  const paramsOfLink = (key: string) => withFrameColorScheme(linkParamsOf(state, key, today), colorScheme);

  async function run(action: PendingAction, secretKey: string | null) {
    setHasTried(true);
    if (publishableKey === undefined || Object.keys(linkMessages(state, today)).length > 0) return;
    // Signed in, the session signs. Otherwise only the secret key signs links: ask for it when the
    // address carried the publishable key.
    const signer: LinkCredential | null =
      merchant !== null
        ? { kind: 'session', clientId: merchant.id }
        : secretKey === null
          ? null
          : { kind: 'key', key: secretKey };
    if (signer === null) {
      setPending(action);
      setKeyModal('open');
      return;
    }
    const params = encodePaymentFrameParams(paramsOfLink(publishableKey));
    try {
      const link = await build.mutateAsync({ credential: signer, params, withShortLink: action === 'link' });
      if (action === 'open') {
        window.open(link.url, '_blank', 'noopener');
        return;
      }
      setLinkUrl(link);
    } catch {
      // The error shows below the buttons from the mutation state.
    }
  }

  const secretKey = typedKey;
  const previewUrl =
    publishableKey === undefined
      ? ''
      : paymentFrameAddress(window.location.origin, encodePaymentFrameParams(paramsOfLink(publishableKey)));

  return (
    <Stack gap="md" maw={900} mx="auto" p="md">
      <Title order={1} size="h2">
        Payment Set-Up
      </Title>
      {isAddressKeyMalformed && <Alert color="red">{LinkBuilderText.InvalidApiKey}</Alert>}
      {isSecretInAddress && <Alert color="red">{LinkBuilderText.SecretKeyInAddress}</Alert>}
      {publishable.error && <Alert color="red">{publishable.error.message}</Alert>}
      {merchants.error && <Alert color="red">{merchants.error.message}</Alert>}
      {signedInMerchants && signedInMerchants.length > 1 && (
        <Dropdown
          label={LinkBuilderText.Merchant}
          options={signedInMerchants.map((option) => ({ value: option.id, label: option.name }))}
          value={merchant?.id ?? null}
          onChange={setPickedMerchantId}
          isAutocomplete
          placeholder={LinkBuilderText.ChooseMerchant}
        />
      )}
      <Card withBorder padding="md">
        <LinkSettingsForm
          state={state}
          onChange={setState}
          offered={offered}
          terminals={openTerminals}
          messages={messages}
          endDate={state.paymentType === 'subscription' ? linkEndDate(state, today) : null}
          canTakeLevelThree={linkConfig.data?.merchant.configuration.level_three_data_enabled === true}
        />
      </Card>
      <Card withBorder padding="md">
        <PageDesignEditor
          styles={state.styles}
          onChange={(styles) => setState({ ...state, styles })}
          colorScheme={colorScheme}
          onColorSchemeChange={setColorScheme}
        />
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Developer Options
          </Title>
          <Checkbox
            label="Sandbox test link"
            checked={state.isSandbox}
            onChange={(event) => setState({ ...state, isSandbox: event.currentTarget.checked })}
          />
          <Button variant="subtle" w="fit-content" onClick={() => setIsIframeCodeShown((shown) => !shown)}>
            {LinkBuilderText.ViewIframeCode}
          </Button>
          {isIframeCodeShown && previewUrl !== '' && <Code block>{iframeCode(previewUrl)}</Code>}
        </Stack>
      </Card>
      {build.error && <Alert color="red">{build.error.message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" disabled={areButtonsDisabled} onClick={() => void run('open', secretKey)}>
          {linkButtonLabel(LinkBuilderText.OpenPaymentPage, state.isSandbox)}
        </Button>
        <Button disabled={areButtonsDisabled} onClick={() => void run('link', secretKey)}>
          {linkButtonLabel(LinkBuilderText.GetLink, state.isSandbox)}
        </Button>
      </Group>
      <ApiKeyModal
        isOpen={isKeyModalOpen}
        onClose={() => setKeyModal('closed')}
        onSubmit={(key) => {
          setTypedKey(key);
          setKeyModal('closed');
          const action = pending;
          setPending(null);
          if (action !== null) void run(action, key);
        }}
      />
      <LinkSuccessModal link={linkUrl} onClose={() => setLinkUrl(null)} />
    </Stack>
  );
}
