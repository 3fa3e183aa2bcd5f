import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  cardTextOf,
  DisputeCategoryLabel,
  DisputeEventLabel,
  DisputeStatusLabel,
  daysLeftOfDispute,
  disputeAnswersOf,
  type EvidenceKind,
  EvidenceKindLabel,
  evidenceKinds,
} from '@portico/contracts/disputes/dispute-rules';
import { type DisputeDetail, maxDisputeExplanationLength } from '@portico/contracts/disputes/disputes';
import { extensionOfFileName } from '@portico/contracts/documents/documents';
import { formatDecimalAsMoney } from '@portico/contracts/money/money';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmBar } from '../../../components/confirm-bar';
import { apiErrorMessage } from '../../../lib/api-client';
import { useIsInPortalMenu } from '../../../lib/auth/use-portal-menu';
import { readFileAsDataUrl } from '../../../lib/files/read-file-as-data-url';
import { type DateTimeFormatters, useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import {
  useAcceptDispute,
  useAddEvidence,
  useDispute,
  useSaveDraft,
  useSubmitDispute,
} from '../api/disputes';
import { daysLeftColorOf } from '../utils/dispute-columns.utils';
import { transactionSearchHref } from '../utils/dispute-links.utils';

// /disputes/:id: what the cardholder says and which evidence answers it, the timeline, and the
// merchant's answer: evidence, a written explanation saved as a draft, then Submit or Accept, each
// offered only while the server would take it.
export function DisputePage() {
  const { id = '' } = useParams();
  const dispute = useDispute(id);
  const formatters = useDateTimeFormatters();

  if (dispute.isPending) return <Text role="status">Loading the dispute…</Text>;
  if (dispute.error) {
    return (
      <Stack gap="md">
        <Title order={1}>Dispute</Title>
        <Alert color="red" role="alert">
          {apiErrorMessage(dispute.error, 'The dispute could not be loaded.')}
        </Alert>
        <Anchor component={Link} to="/disputes">
          Back to Disputes
        </Anchor>
      </Stack>
    );
  }
  return <DisputeView dispute={dispute.data} formatters={formatters} now={new Date(dispute.dataUpdatedAt)} />;
}

type DisputeViewProps = { dispute: DisputeDetail; formatters: DateTimeFormatters; now: Date };

export function DisputeView({ dispute, formatters, now }: DisputeViewProps) {
  const canOpenReporting = useIsInPortalMenu('/reporting');
  const answers = disputeAnswersOf(
    {
      status: dispute.status,
      respondBy: dispute.respond_by === null ? null : new Date(dispute.respond_by),
      submittedAt: dispute.submitted_at === null ? null : new Date(dispute.submitted_at),
    },
    now,
  );
  const daysLeft = daysLeftOfDispute(dispute, now);
  const daysLeftColor = daysLeftColorOf(daysLeft);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/disputes" size="sm">
        Back to Disputes
      </Anchor>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1}>
          Dispute of {formatDecimalAsMoney(dispute.amount)} at {dispute.merchant_name}
        </Title>
        <Badge size="lg" variant="light" color={dispute.status === 'won' ? 'green' : 'gray'}>
          {DisputeStatusLabel[dispute.status]}
        </Badge>
      </Group>
      <Paper withBorder p="sm" component="section" aria-label="The dispute">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
          <Field label="Status">{DisputeStatusLabel[dispute.status]}</Field>
          <Field label="Amount">{formatDecimalAsMoney(dispute.amount)}</Field>
          <Field label="Reason">{DisputeCategoryLabel[dispute.category]}</Field>
          <Field label="Card">{cardTextOf(dispute) || 'Not known'}</Field>
          <Field label="Customer">{dispute.customer ?? 'Not known'}</Field>
          <Field label="Sale">{formatters.formatDateTime(dispute.transaction_created_at)}</Field>
          <Field label="Opened">{formatters.formatDateTime(dispute.opened_at)}</Field>
          <Field label="Respond by">
            {dispute.respond_by === null
              ? 'Set when the chargeback opens'
              : formatters.formatDateTime(dispute.respond_by)}
          </Field>
          {daysLeft !== null && (
            <Field label="Days left to respond">
              <Text component="span" size="sm" c={daysLeftColor} fw={daysLeftColor ? 700 : undefined}>
                {daysLeft}
              </Text>
            </Field>
          )}
          {dispute.submitted_at !== null && (
            <Field label="Submitted">{formatters.formatDateTime(dispute.submitted_at)}</Field>
          )}
          {dispute.decided_at !== null && (
            <Field label="Decided">{formatters.formatDateTime(dispute.decided_at)}</Field>
          )}
        </SimpleGrid>
        {canOpenReporting && (
          <Anchor
            component={Link}
            to={transactionSearchHref(dispute)}
            size="sm"
            mt="xs"
            display="inline-block"
          >
            Open the disputed payment
          </Anchor>
        )}
      </Paper>
      <Paper withBorder p="sm" component="section" aria-labelledby="dispute-reason">
        <Title order={2} size="h4" id="dispute-reason" mb="xs">
          What the cardholder says
        </Title>
        <Text size="sm">{dispute.reason_explained}</Text>
        <Text size="sm" fw={500} mt="sm">
          Evidence that helps for this reason, most telling first:
        </Text>
        <List size="sm">
          {dispute.helpful_evidence.map((kind) => (
            <List.Item key={kind}>{EvidenceKindLabel[kind]}</List.Item>
          ))}
        </List>
      </Paper>
      <Timeline dispute={dispute} formatters={formatters} />
      <EvidenceSection dispute={dispute} canEdit={answers.canEdit} formatters={formatters} />
      <AnswerSection
        dispute={dispute}
        canEdit={answers.canEdit}
        canSubmit={answers.canSubmit}
        canAccept={answers.canAccept}
      />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function Timeline({ dispute, formatters }: { dispute: DisputeDetail; formatters: DateTimeFormatters }) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="dispute-timeline">
      <Title order={2} size="h4" id="dispute-timeline" mb="xs">
        Timeline
      </Title>
      <List size="sm" spacing={4}>
        {dispute.events.map((event) => (
          <List.Item key={`${event.kind}:${event.occurred_at}`}>
            <Text component="span" size="sm" fw={500}>
              {formatters.formatDateTime(event.occurred_at)}
            </Text>{' '}
            {DisputeEventLabel[event.kind]}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

// Helpful kinds first, marked; then the rest.
export function evidenceKindOptions(helpful: readonly EvidenceKind[]) {
  const rest = evidenceKinds.filter((kind) => !helpful.includes(kind));
  return [
    ...helpful.map((kind) => ({ value: kind, label: `${EvidenceKindLabel[kind]} (helps for this reason)` })),
    ...rest.map((kind) => ({ value: kind, label: EvidenceKindLabel[kind] })),
  ];
}

function EvidenceSection({
  dispute,
  canEdit,
  formatters,
}: {
  dispute: DisputeDetail;
  canEdit: boolean;
  formatters: DateTimeFormatters;
}) {
  const upload = useAddEvidence(dispute.id);
  const options = useMemo(() => evidenceKindOptions(dispute.helpful_evidence), [dispute.helpful_evidence]);
  const [kind, setKind] = useState<string | null>(dispute.helpful_evidence[0] ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  async function send() {
    const chosen = evidenceKinds.find((k) => k === kind);
    if (!chosen || !file) return;
    setMessage(null);
    try {
      const contents = await readFileAsDataUrl(file);
      await upload.mutateAsync({
        kind: chosen,
        fileName: file.name,
        extension: extensionOfFileName(file.name),
        contents,
      });
      setFile(null);
      setMessage({ text: `${file.name} was added.`, isError: false });
    } catch (error) {
      setMessage({ text: apiErrorMessage(error, 'The evidence could not be uploaded.'), isError: true });
    }
  }

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="dispute-evidence">
      <Title order={2} size="h4" id="dispute-evidence" mb="xs">
        Evidence
      </Title>
      {dispute.evidence.length === 0 ? (
        <Text size="sm">No evidence yet.</Text>
      ) : (
        <List size="sm" spacing={4}>
          {dispute.evidence.map((item) => (
            <List.Item key={item.id}>
              {EvidenceKindLabel[item.kind]}: {item.file_name}, added{' '}
              {formatters.formatDateTime(item.uploaded_at)}
            </List.Item>
          ))}
        </List>
      )}
      {!canEdit && dispute.submitted_at !== null && (
        <Text size="sm" mt="xs">
          The evidence was submitted and is sealed.
        </Text>
      )}
      {canEdit && (
        <Stack gap="xs" mt="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Kind of evidence"
              data={options}
              value={kind}
              onChange={setKind}
              allowDeselect={false}
              w={{ base: '100%', sm: 380 }}
              comboboxProps={{ withinPortal: true }}
            />
            <FileInput
              label="File (PDF, image or document, 10 MB at most)"
              value={file}
              onChange={setFile}
              clearable
              w={{ base: '100%', sm: 320 }}
            />
            <Button onClick={() => void send()} disabled={!file || !kind} loading={upload.isPending}>
              Upload evidence
            </Button>
          </Group>
          {message && (
            <Text
              size="sm"
              c={message.isError ? 'red.8' : undefined}
              role={message.isError ? 'alert' : 'status'}
            >
              {message.text}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

type AnswerSectionProps = {
  dispute: DisputeDetail;
  canEdit: boolean;
  canSubmit: boolean;
  canAccept: boolean;
};

function AnswerSection({ dispute, canEdit, canSubmit, canAccept }: AnswerSectionProps) {
  const saveDraft = useSaveDraft(dispute.id);
  const submit = useSubmitDispute(dispute.id);
  const accept = useAcceptDispute(dispute.id);
  const [explanation, setExplanation] = useState(dispute.explanation);
  const [asking, setAsking] = useState<'submit' | 'accept' | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const isBusy = saveDraft.isPending || submit.isPending || accept.isPending;

  function report(text: string, isError: boolean) {
    setMessage({ text, isError });
  }

  function save() {
    setMessage(null);
    saveDraft.mutate(explanation, {
      onSuccess: () => report('Draft saved.', false),
      onError: (error) => report(apiErrorMessage(error, 'The draft could not be saved.'), true),
    });
  }

  // The explanation as typed is saved first, so what is submitted is what the person sees.
  async function submitNow() {
    setMessage(null);
    try {
      if (explanation !== dispute.explanation) await saveDraft.mutateAsync(explanation);
      await submit.mutateAsync();
      report('The evidence was submitted. The card issuer decides; this page shows the outcome.', false);
    } catch (error) {
      report(apiErrorMessage(error, 'The evidence could not be submitted.'), true);
    } finally {
      setAsking(null);
    }
  }

  function acceptNow() {
    setMessage(null);
    accept.mutate(undefined, {
      onSuccess: () => report('The dispute was accepted.', false),
      onError: (error) => report(apiErrorMessage(error, 'The dispute could not be accepted.'), true),
      onSettled: () => setAsking(null),
    });
  }

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="dispute-answer">
      <Title order={2} size="h4" id="dispute-answer" mb="xs">
        Your response
      </Title>
      {canEdit ? (
        <Stack gap="xs">
          <Textarea
            label="Your explanation"
            description="Say what happened and how the evidence shows it. Saved as a draft until you submit."
            value={explanation}
            onChange={(event) => setExplanation(event.currentTarget.value)}
            maxLength={maxDisputeExplanationLength}
            rows={5}
          />
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={save} disabled={isBusy} loading={saveDraft.isPending}>
              Save draft
            </Button>
            {canSubmit && asking === null && (
              <Button onClick={() => setAsking('submit')} disabled={isBusy}>
                Submit evidence
              </Button>
            )}
            {canAccept && asking === null && (
              <Button color="red" variant="light" onClick={() => setAsking('accept')} disabled={isBusy}>
                Accept dispute
              </Button>
            )}
          </Group>
          {!canSubmit && dispute.status === 'inquiry' && (
            <Text size="sm">
              The card issuer asked for the sale records. Add evidence now; Submit and Accept open once the
              chargeback does.
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="xs">
          {dispute.explanation.trim() !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {dispute.explanation}
            </Text>
          )}
          <Text size="sm">{closedText(dispute)}</Text>
        </Stack>
      )}
      {asking === 'submit' && (
        <ConfirmBar
          message="Submit the evidence and explanation? Nothing can be added or changed afterwards."
          confirmLabel="Submit"
          onConfirm={() => void submitNow()}
          onCancel={() => setAsking(null)}
          isConfirming={isBusy}
        />
      )}
      {asking === 'accept' && (
        <ConfirmBar
          message="Accept the dispute? The amount and the chargeback fee stay with the cardholder."
          confirmLabel="Accept"
          isDanger
          onConfirm={acceptNow}
          onCancel={() => setAsking(null)}
          isConfirming={isBusy}
        />
      )}
      {message && (
        <Text
          size="sm"
          mt="xs"
          c={message.isError ? 'red.8' : undefined}
          role={message.isError ? 'alert' : 'status'}
        >
          {message.text}
        </Text>
      )}
    </Paper>
  );
}

// Why the answer can no longer change, in words.
export function closedText(dispute: Pick<DisputeDetail, 'status' | 'submitted_at'>): string {
  switch (dispute.status) {
    case 'under_review':
      return 'Submitted and sealed: the card issuer is reviewing the evidence.';
    case 'won':
      return 'Won: the amount was credited back. The chargeback fee stays.';
    case 'lost':
      return 'Lost: the amount and the chargeback fee stay with the cardholder.';
    case 'accepted':
      return 'Accepted: the amount and the chargeback fee stay with the cardholder.';
    case 'expired':
      return 'Expired: no response was submitted before the respond-by date.';
    default:
      return dispute.submitted_at === null
        ? 'The date to respond to this dispute has passed.'
        : 'Submitted and sealed.';
  }
}
