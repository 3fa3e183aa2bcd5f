import { randomUUID } from 'node:crypto';
import type {
  GatewayAnswer,
  GatewayTransaction,
  ProcessorDirectory,
  ProcessorGateway,
  ProcessorName,
} from './processor-gateway';

// The sandbox answers at once and deterministically, so tests and demos can reach both outcomes:
// an operation whose amount ends in .13 (cents part 13) is declined, everything else is approved.
// Sandbox card numbers begin with '1' (spec 2 §9); the sandbox never sees one, only tokens.
export const sandboxDeclinedCents = 13;

export function isSandboxDeclinedAmount(amountCents: number): boolean {
  return amountCents % 100 === sandboxDeclinedCents;
}

export const sandboxDeclineReason = 'Sandbox: amounts ending in .13 are declined';

function answer(processorName: string, amountCents: number): GatewayAnswer {
  // A reference like a processor's own, unique per call; the prefix marks sandbox records.
  const reference = `SBX-${processorName.toUpperCase()}-${randomUUID().slice(0, 13).replace('-', '')}`;
  if (isSandboxDeclinedAmount(amountCents)) {
    return { outcome: 'declined', reference, reason: sandboxDeclineReason };
  }
  return { outcome: 'approved', reference };
}

export function createSandboxGateway(processorName: ProcessorName | 'sandbox'): ProcessorGateway {
  return {
    name: processorName,
    void: async (transaction: GatewayTransaction) => answer(processorName, transaction.amountCents),
    refund: async (_transaction: GatewayTransaction, amountCents: number) =>
      answer(processorName, amountCents),
  };
}

// One sandbox gateway per processor name, so records and audit entries name the processor.
export function createSandboxProcessorDirectory(): ProcessorDirectory {
  const gateways = new Map<string, ProcessorGateway>();
  return {
    gatewayFor(processorName) {
      const name = processorName ?? 'sandbox';
      let gateway = gateways.get(name);
      if (!gateway) {
        gateway = createSandboxGateway(name);
        gateways.set(name, gateway);
      }
      return gateway;
    },
  };
}
