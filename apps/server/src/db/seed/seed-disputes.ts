import { createHash } from 'node:crypto';
import {
  addDays,
  type DisputeCategory,
  type EvidenceKind,
  EvidenceKindLabel,
  sandboxDisputeAfterDays,
} from '@portico/contracts/disputes/dispute-rules';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSandboxDisputeFeed, eventsOfCase } from '../../integrations/processors/sandbox-disputes';
import { findDisputeByCase, updateDispute } from '../../modules/disputes/disputes.repository';
import {
  attachEvidence,
  expireOverdue,
  recordAcceptance,
  recordProcessorEvent,
  recordSubmission,
} from '../../modules/disputes/disputes.service';
import type { Db, Executor } from '../client';
import { sandboxProcessorDisputes } from '../schema/disputes';
import { queryRows } from '../sql-rows';
import type { ClientKey } from './demo-catalog';

// A handful of disputes for the demo merchants, one per state a merchant meets, built by the
// production path: the sandbox processor opens each case on a settled card sale made at least 3 days
// before (as staff's Simulate dispute does, on a day set relative to the anchor so every state is
// reached however sparse the data), its events are recorded as the poll job records them (at the
// moment they happen, so the chargebacks and credits are settled those days and the derived payouts
// carry them), the answers go through the service's own steps, and an unanswered dispute expires past
// its respond-by date.

type Answer =
  | { kind: 'evidence'; afterChargebackDays: number; evidence: readonly EvidenceKind[]; explanation: string }
  | { kind: 'accept'; afterChargebackDays: number };

type DisputeScenario = {
  client: ClientKey;
  // The case opens this many days before the anchor, on the merchant's latest settled card sale made
  // at least 3 days before that.
  openedDaysAgo: number;
  category: DisputeCategory;
  answer?: Answer;
  // Left unanswered past its respond-by date: the job expires it.
  expires?: boolean;
};

// Harbor Lane Coffee Roasters (under Summit) meets every state; Copper Kettle Bistro, another Summit
// merchant, gives the parent a second merchant to filter by.
export const demoDisputeScenarios: readonly DisputeScenario[] = [
  // Needs response, 19 days left.
  { client: 'harbor-lane-coffee', openedDaysAgo: 1, category: 'not_received' },
  // Needs response, under 5 days left.
  { client: 'harbor-lane-coffee', openedDaysAgo: 16, category: 'duplicate' },
  // Inquiry: the issuer asked for the records; the chargeback follows 7 days later.
  { client: 'harbor-lane-coffee', openedDaysAgo: 2, category: 'fraud' },
  // Won with a delivery proof.
  {
    client: 'harbor-lane-coffee',
    openedDaysAgo: 27,
    category: 'not_received',
    answer: {
      kind: 'evidence',
      afterChargebackDays: 5,
      evidence: ['proof_of_delivery', 'receipt'],
      explanation: 'The order was delivered to the address on the order; the courier record is attached.',
    },
  },
  // Expired without an answer.
  { client: 'harbor-lane-coffee', openedDaysAgo: 42, category: 'credit_not_processed', expires: true },
  { client: 'copper-kettle-bistro', openedDaysAgo: 3, category: 'subscription_cancelled' },
  // Under review: submitted the day before the anchor, decided the day after it.
  {
    client: 'copper-kettle-bistro',
    openedDaysAgo: 7,
    category: 'not_received',
    answer: {
      kind: 'evidence',
      afterChargebackDays: 6,
      evidence: ['customer_communication'],
      explanation: 'The guest picked the order up at the counter and thanked us by e-mail.',
    },
  },
  // Lost: the evidence did not answer the reason.
  {
    client: 'copper-kettle-bistro',
    openedDaysAgo: 37,
    category: 'not_as_described',
    answer: {
      kind: 'evidence',
      afterChargebackDays: 2,
      evidence: ['customer_communication'],
      explanation: 'The guest did not complain at the table.',
    },
  },
  // Accepted: the merchant agreed it charged twice.
  {
    client: 'copper-kettle-bistro',
    openedDaysAgo: 22,
    category: 'duplicate',
    answer: { kind: 'accept', afterChargebackDays: 2 },
  },
];

const saleRow = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  amount_cents: z.coerce.number().int(),
  created_at: z.union([z.date(), z.string()]).transform((value) => new Date(value)),
});

// The merchant's latest settled, approved card sale made before `before`, not yet disputed, voided
// or refunded.
async function pickSale(tx: Executor, clientId: string, before: Date) {
  const rows = await queryRows(
    tx,
    sql`select t.id, t.client_id, t.amount_cents::text as amount_cents, t.created_at
      from transactions t
      where t.client_id = ${clientId} and t.created_at < ${before.toISOString()}::timestamptz
        and t.payment_method = 'card' and t.action_mode in ('settle', 'debit', 'charge', 'apple_pay')
        and t.payment_status is true and t.request_status is true and t.status = 'Approved'
        and t.settlement_date is not null and t.processor is not null and t.original_transaction_id is null
        and t.amount_cents > 0
        and not exists (select 1 from disputes d where d.transaction_id = t.id)
        and not exists (select 1 from transactions f where f.original_transaction_id = t.id)
      order by t.created_at desc, t.id
      limit 1`,
  );
  const [row] = rows;
  return row ? saleRow.parse(row) : null;
}

// Evidence is uploaded by a member of the merchant (its first, by e-mail).
async function uploaderOf(tx: Executor, clientId: string): Promise<string> {
  const [row] = await queryRows(
    tx,
    sql`select m.user_id from memberships m join users u on u.id = m.user_id
      where m.client_id = ${clientId} order by u.email limit 1`,
  );
  const parsed = z.object({ user_id: z.uuid() }).safeParse(row);
  if (!parsed.success) throw new Error('a demo merchant with disputes has no member');
  return parsed.data.user_id;
}

// A one-page PDF standing for the merchant's file of that kind.
function evidencePdf(kind: EvidenceKind): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${EvidenceKindLabel[kind]}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

// Records the events of the case that happened by `until`, each as the poll would at its moment.
async function recordEventsUntil(db: Db, caseId: string, until: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(sandboxProcessorDisputes)
    .where(eq(sandboxProcessorDisputes.caseId, caseId));
  if (!row) throw new Error('the sandbox case of a demo dispute is missing');
  for (const event of eventsOfCase(row, until)) {
    await recordProcessorEvent(db, event, event.occurredAt);
  }
}

export async function seedDisputes(
  tx: Executor,
  input: { anchorStart: Date; clientIds: ReadonlyMap<ClientKey, string> },
): Promise<number> {
  // The seed's transaction stands for the database: every step below opens its own savepoint.
  const db = tx as Db;
  const feed = createSandboxDisputeFeed(db);
  let seeded = 0;
  for (const scenario of demoDisputeScenarios) {
    const clientId = input.clientIds.get(scenario.client);
    if (!clientId) continue;
    const openedAt = addDays(input.anchorStart, -scenario.openedDaysAgo);
    const sale = await pickSale(tx, clientId, addDays(openedAt, -sandboxDisputeAfterDays));
    if (!sale) continue;
    const caseId = await feed.openCase(
      {
        transactionId: sale.id,
        transactionCreatedAt: sale.created_at,
        clientId: sale.client_id,
        amountCents: sale.amount_cents,
      },
      scenario.category,
      openedAt,
    );
    const [caseRow] = await db
      .select()
      .from(sandboxProcessorDisputes)
      .where(eq(sandboxProcessorDisputes.caseId, caseId));
    if (!caseRow) continue;
    const answer = scenario.answer;
    if (answer) {
      const answeredAt = addDays(caseRow.chargebackAt, answer.afterChargebackDays);
      await recordEventsUntil(db, caseId, answeredAt);
      const dispute = await findDisputeByCase(tx, caseId);
      if (!dispute) throw new Error('a demo dispute was not recorded');
      if (answer.kind === 'evidence') {
        for (const kind of answer.evidence) {
          const content = evidencePdf(kind);
          await attachEvidence(tx, dispute, {
            kind,
            fileName: `${EvidenceKindLabel[kind]}.pdf`,
            extension: 'pdf',
            content,
            sha256: createHash('sha256').update(content).digest('hex'),
            uploadedByUserId: await uploaderOf(tx, dispute.clientId),
          });
        }
        await updateDispute(tx, dispute.id, { explanation: answer.explanation });
        await recordSubmission(tx, dispute, answeredAt);
        await feed.submitEvidence(caseId, answer.evidence, answeredAt);
      } else {
        await recordAcceptance(tx, dispute, answeredAt);
        await feed.accept(caseId, answeredAt);
      }
    }
    await recordEventsUntil(db, caseId, input.anchorStart);
    if (scenario.expires) {
      const dispute = await findDisputeByCase(tx, caseId);
      if (dispute?.respondBy && dispute.respondBy < input.anchorStart) {
        await expireOverdue(db, new Date(dispute.respondBy.getTime() + 5 * 60_000));
      }
    }
    seeded += 1;
  }
  return seeded;
}
