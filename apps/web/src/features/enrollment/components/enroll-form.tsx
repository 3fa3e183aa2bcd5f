import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Input,
  Radio,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import {
  buildEnrollBody,
  digitsInputPattern,
  type EnrollFormValues,
  type EnrollTab,
  EnrollText,
  emptyEnrollForm,
  enrollFailedText,
  enrollFormSchema,
  enrollTabs,
  isPdfFileName,
  percentInputPattern,
  pricingModels,
  stripZipInput,
  usStates,
} from '@portico/contracts/enrollment/enroll';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PatternInput } from '../../../components/pattern-input';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { portalEnv } from '../../../lib/portal-env';
import { useEnroll, useMccOptions, useParentOptions } from '../api/enrollment-api';
import { enrollBlockers, enrollDisabledText } from '../utils/enroll-blockers.utils';
import { type EnrollConfirmation, enrollConfirmation } from '../utils/enroll-confirmation.utils';

const stateOptions = usStates.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
const pricingLabels = { FlatPercent: 'Flat Percent', InterchangePlus: 'Interchange Plus' } as const;

function isEnrollTab(value: string | null): value is EnrollTab {
  return enrollTabs.some((tab) => tab === value);
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

type TextFieldName =
  | 'dba_name'
  | 'legal_name'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'principal_first_name'
  | 'principal_last_name'
  | 'business_address_1';

// The Merchant, Partner and Agent forms of the enroll page. A successful Enroll replaces the form
// with what was sent and to whom, until the user starts another application.
export function EnrollForm() {
  const [tab, setTab] = useState<EnrollTab>('Merchant');
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState<EnrollConfirmation | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mccOptions = useMccOptions();
  const parentOptions = useParentOptions();
  const enroll = useEnroll();
  const form = useForm<EnrollFormValues>({
    resolver: zodResolver(enrollFormSchema),
    defaultValues: emptyEnrollForm('Merchant'),
    // Errors show only once a field was touched (blur or change).
    mode: 'onTouched',
  });
  const { errors, isValid } = form.formState;
  const pricingModel = form.watch('pricing_model');
  // Processor-audit users may look at the form (their menu lists it) but enroll nothing.
  const isReadOnly = useSignedInSession().user.processor_audit_user;
  const blockers = enrollBlockers(form.watch());
  const isDisabledByRules = !isValid && blockers.length > 0;
  const disabledReason = isReadOnly
    ? processorAuditReadOnlyText
    : isDisabledByRules
      ? enrollDisabledText(blockers)
      : null;

  function startApplication(next: EnrollTab) {
    setTab(next);
    setSent(null);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = '';
    form.reset(emptyEnrollForm(next));
  }

  function switchTab(next: string | null) {
    if (!isEnrollTab(next) || (next === tab && sent === null)) return;
    startApplication(next);
  }

  async function chooseFile(file: File | undefined) {
    if (!file) {
      form.setValue('document', null, { shouldValidate: true });
      return;
    }
    if (!isPdfFileName(file.name)) {
      // An invalid file clears the document.
      setFileError(EnrollText.PdfOnly);
      if (fileInput.current) fileInput.current.value = '';
      form.setValue('document', null, { shouldValidate: true });
      return;
    }
    setFileError(null);
    const content = await readAsBase64(file);
    form.setValue('document', { name: file.name, extension: 'pdf', content }, { shouldValidate: true });
  }

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const body = buildEnrollBody(values);
        await enroll.mutateAsync(body);
        showToast({ text: EnrollText.Success, type: 'success' });
        setSent(enrollConfirmation(body, parentOptions.data ?? []));
      } catch {
        showToast({ text: enrollFailedText(portalEnv.supportEmail ?? ''), type: 'danger' });
      }
    },
    () => {
      showToast({ text: EnrollText.FixErrors, type: 'danger' });
    },
  );

  const errorOf = (name: keyof EnrollFormValues) => errors[name]?.message;

  const textField = (name: TextFieldName, label: string, required = true) => (
    <TextInput label={label} withAsterisk={required} error={errorOf(name)} {...form.register(name)} />
  );

  const patternField = (
    name:
      | 'card_percent'
      | 'ach_percent'
      | 'ic_bps'
      | 'ic_cents'
      | 'card_per_transaction'
      | 'ach_per_transaction',
    label: string,
    pattern: RegExp,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <PatternInput
          label={label}
          withAsterisk
          pattern={pattern}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorOf(name)}
        />
      )}
    />
  );

  const parentSelect = (
    <Controller
      control={form.control}
      name="parent"
      render={({ field }) => (
        <Select
          label="Select Parent of Company"
          withAsterisk
          searchable
          data={(parentOptions.data ?? []).map((parent) => ({ value: parent.parent_id, label: parent.name }))}
          value={field.value === '' ? null : field.value}
          onChange={(value) => {
            field.onChange(value ?? '');
            field.onBlur();
          }}
          onBlur={field.onBlur}
          error={errorOf('parent')}
        />
      )}
    />
  );

  const agreementUpload = (
    <Input.Wrapper label="Custom Agreement Upload (PDF)" error={fileError ?? errorOf('document')}>
      <input
        ref={fileInput}
        type="file"
        accept=".pdf"
        aria-label="Custom Agreement Upload (PDF)"
        onChange={(event) => void chooseFile(event.currentTarget.files?.[0])}
      />
    </Input.Wrapper>
  );

  const merchantFields = (
    <>
      {textField('dba_name', 'Business Name (DBA)')}
      {textField('legal_name', 'Legal Business Name')}
      {textField('email', 'Email Address')}
      <Controller
        control={form.control}
        name="mcc_code"
        render={({ field }) => (
          <Select
            label="MCC Code"
            withAsterisk
            searchable
            data={(mccOptions.data ?? []).map((option) => ({ value: option.code, label: option.label }))}
            value={field.value === '' ? null : field.value}
            onChange={(value) => {
              field.onChange(value ?? '');
              field.onBlur();
            }}
            onBlur={field.onBlur}
            error={errorOf('mcc_code')}
          />
        )}
      />
      {parentSelect}
      {agreementUpload}
      <Title order={3}>Pricing Information</Title>
      <Controller
        control={form.control}
        name="pricing_model"
        render={({ field }) => (
          <Radio.Group
            label="Pricing model"
            value={field.value}
            onChange={(value) => {
              const model = pricingModels.find((candidate) => candidate === value);
              if (model) field.onChange(model);
            }}
          >
            <Group mt="xs">
              {pricingModels.map((model) => (
                <Radio key={model} value={model} label={pricingLabels[model]} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      {pricingModel === 'InterchangePlus' ? (
        <Group grow>
          {patternField('ic_bps', 'Interchange Basis Points (bps)', digitsInputPattern)}
          {patternField('ic_cents', 'Cents Per Transaction (cents)', digitsInputPattern)}
        </Group>
      ) : (
        <Group grow>
          {patternField('card_percent', 'Card Percent Charge (%)', percentInputPattern)}
          {patternField('card_per_transaction', 'Card Per Transaction Charge', /^\$?\d*(\.\d{0,2})?$/)}
        </Group>
      )}
      <Group grow>
        {patternField('ach_percent', 'ACH Percent Charge (%)', percentInputPattern)}
        {patternField('ach_per_transaction', 'ACH Per Transaction Charge', /^\$?\d*(\.\d{0,2})?$/)}
      </Group>
    </>
  );

  const partnerFields = (
    <>
      {textField('dba_name', 'DBA')}
      {textField('legal_name', 'Legal Name')}
      {textField('email', 'Principal Email')}
      {parentSelect}
      <Title order={3}>Additional Partner Information</Title>
      {agreementUpload}
      {textField('principal_first_name', 'Principal First Name', false)}
      {textField('principal_last_name', 'Principal Last Name', false)}
      <TextInput
        type="date"
        label="Principal Date of Birth"
        error={errorOf('principal_date_of_birth')}
        {...form.register('principal_date_of_birth')}
      />
      {textField('business_address_1', 'Business Address', false)}
      <Controller
        control={form.control}
        name="business_state_province"
        render={({ field }) => (
          <Select
            label="Business State"
            searchable
            clearable
            data={stateOptions}
            value={field.value === '' ? null : field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
          />
        )}
      />
      <Controller
        control={form.control}
        name="business_postal_code"
        render={({ field }) => (
          <TextInput
            label="Business Zip"
            value={field.value}
            onChange={(event) => field.onChange(stripZipInput(event.currentTarget.value))}
            onBlur={field.onBlur}
            error={errorOf('business_postal_code')}
          />
        )}
      />
    </>
  );

  const agentFields = (
    <>
      {textField('first_name', 'First Name')}
      {textField('last_name', 'Last Name')}
      {textField('email', 'Principal Email')}
      {parentSelect}
      {agreementUpload}
    </>
  );

  return (
    <Stack gap="md">
      <Title order={1}>{EnrollText.Title}</Title>
      <Tabs value={tab} onChange={switchTab}>
        <Tabs.List>
          {enrollTabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {sent ? (
        <Stack gap="sm" maw={720}>
          <Alert color="green" title={sent.title} role="status">
            {sent.detail}
          </Alert>
          <Group>
            <Button onClick={() => startApplication(tab)}>Start another application</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          onKeyDown={(event) => {
            // Enter still submits while Enroll is disabled, so the invalid form gets its toast
            // (the browser skips implicit submission when the submit button is disabled).
            if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
            if (event.target.type === 'file' || event.target.getAttribute('role') === 'combobox') return;
            event.preventDefault();
            if (!enroll.isPending && !isReadOnly) void submit();
          }}
        >
          <Stack gap="sm" maw={720}>
            {tab === 'Merchant' ? merchantFields : tab === 'Partner' ? partnerFields : agentFields}
            <Group justify="flex-end" wrap="nowrap" align="flex-start">
              {disabledReason && (
                <Text id="enroll-disabled-reason" size="sm" c="dimmed" role="status" style={{ flex: 1 }}>
                  {disabledReason}
                </Text>
              )}
              <Button
                type="submit"
                disabled={isReadOnly || !isValid || enroll.isPending}
                loading={enroll.isPending}
                aria-describedby={disabledReason ? 'enroll-disabled-reason' : undefined}
                style={{ flexShrink: 0 }}
              >
                Enroll
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
