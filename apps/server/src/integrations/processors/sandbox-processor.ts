import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/named-statement';
import { sandboxProcessorLedger } from '../../db/schema/sandbox-processor';
import type {
  GatewayAnswer,
  GatewayTransaction,
  ProcessorDirectory,
  ProcessorGateway,
  ProcessorName,
} from './processor-gateway';

// The sandbox answers at once and deterministically, so tests and demos can reach both outcomes:
// an operation whose amount ends in .13 (cents part 13) is declined, everything else is approved.
// Sandbox card numbers begin with '1'; the sandbox never sees one, only tokens.
// Like a real processor it keeps its own books per idempotency key (sandbox_processor_ledger): a
// repeated key gets the first answer and moves nothing again. It writes them with the database
// itself, never inside the caller's transaction, so its answers outlive a rollback or a crash of the
// server exactly as an outside service's would.
export const sandboxDeclinedCents = 13;

export function isSandboxDeclinedAmount(amountCents: number): boolean {
  return amountCents % 100 === sandboxDeclinedCents;
}

export const sandboxDeclineReason = 'Sandbox: amounts ending in .13 are declined';

// A declined amount's response code, from its whole dollars: 51.13 answers '51' (insufficient
// funds), 54.13 '54' (expired card), 57.13 '57' (not permitted), 82.13 '82' (security code), 99.13
// '99' (a code without words of its own); any other '05' (do not honor). The terminals sandbox
// answers the same, so every decline message can be shown.
export const sandboxDeclineCodes = ['51', '54', '57', '82', '99'] as const;

export function sandboxDeclineCodeOf(amountCents: number): string {
  const dollars = String(Math.trunc(Math.abs(amountCents) / 100) % 100).padStart(2, '0');
  return sandboxDeclineCodes.find((code) => code === dollars) ?? '05';
}

type LedgerRow = typeof sandboxProcessorLedger.$inferSelect;

function answerOf(row: LedgerRow): GatewayAnswer {
  if (row.outcome === 'approved') return { outcome: 'approved', reference: row.reference };
  return {
    outcome: 'declined',
    reference: row.reference,
    reason: row.reason ?? sandboxDeclineReason,
    code: sandboxDeclineCodeOf(row.amountCents),
  };
}

// A processor refuses a key reused for another operation rather than guess which one was meant.
function isSameOperation(row: LedgerRow, operation: string, transactionId: string, amountCents: number) {
  return (
    row.operation === operation && row.transactionId === transactionId && row.amountCents === amountCents
  );
}

// Prepared once (db/named-statement.ts): every charge, void and refund writes it.
const recordInLedger = preparedStatement('sandbox_ledger_record', (executor, name) =>
  executor
    .insert(sandboxProcessorLedger)
    .values({
      idempotencyKey: sql.placeholder('idempotencyKey'),
      processor: sql.placeholder('processorName'),
      operation: sql.placeholder('operation'),
      transactionId: sql.placeholder('transactionId'),
      amountCents: sql.placeholder('amountCents'),
      outcome: sql.placeholder('outcome'),
      reference: sql.placeholder('reference'),
      reason: sql.placeholder('reason'),
    })
    .onConflictDoNothing({ target: sandboxProcessorLedger.idempotencyKey })
    .returning()
    .prepare(name),
);

// The sandbox's books for one operation under one key: the first call with a key decides its answer;
// a concurrent or later one reads that answer and moves nothing again.
export async function recordSandboxOperation(
  db: Db,
  processorName: string,
  operation: 'void' | 'refund' | 'charge',
  transactionId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<GatewayAnswer> {
  // A reference like a processor's own, unique per operation; the prefix marks sandbox records.
  const reference = `SBX-${processorName.toUpperCase()}-${randomUUID().slice(0, 13).replace('-', '')}`;
  const isDeclined = isSandboxDeclinedAmount(amountCents);
  // The first call with the key gets its row back at once; a repeat reads the row it left.
  const [inserted] = await recordInLedger(db).execute({
    idempotencyKey,
    processorName,
    operation,
    transactionId,
    amountCents,
    outcome: isDeclined ? 'declined' : 'approved',
    reference,
    reason: isDeclined ? sandboxDeclineReason : null,
  });
  const row = inserted ?? (await readSandboxKey(db, idempotencyKey));
  if (!row) throw new Error('sandbox processor: the ledger lost its entry');
  if (!isSameOperation(row, operation, transactionId, amountCents)) {
    throw new Error('sandbox processor: idempotency key reused for a different operation');
  }
  return answerOf(row);
}

async function readSandboxKey(db: Db, idempotencyKey: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxProcessorLedger)
    .where(eq(sandboxProcessorLedger.idempotencyKey, idempotencyKey));
  return row;
}

export async function lookupSandboxKey(db: Db, idempotencyKey: string): Promise<GatewayAnswer | null> {
  const row = await readSandboxKey(db, idempotencyKey);
  return row ? answerOf(row) : null;
}

export function createSandboxGateway(db: Db, processorName: ProcessorName | 'sandbox'): ProcessorGateway {
  return {
    name: processorName,
    void: (transaction: GatewayTransaction, idempotencyKey: string) =>
      recordSandboxOperation(
        db,
        processorName,
        'void',
        transaction.id,
        transaction.amountCents,
        idempotencyKey,
      ),
    refund: (transaction: GatewayTransaction, amountCents: number, idempotencyKey: string) =>
      recordSandboxOperation(db, processorName, 'refund', transaction.id, amountCents, idempotencyKey),
    lookup: (idempotencyKey: string) => lookupSandboxKey(db, idempotencyKey),
  };
}

// One sandbox gateway per processor name, so records and audit entries name the processor.
export function createSandboxProcessorDirectory(db: Db): ProcessorDirectory {
  const gateways = new Map<string, ProcessorGateway>();
  return {
    gatewayFor(processorName) {
      const name = processorName ?? 'sandbox';
      let gateway = gateways.get(name);
      if (!gateway) {
        gateway = createSandboxGateway(db, name);
        gateways.set(name, gateway);
      }
      return gateway;
    },
  };
}
