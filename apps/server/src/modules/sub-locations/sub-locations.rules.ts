import { SubLocationErrorText } from '@portico/contracts/access/sub-locations';
import type { ProcessorName } from '@portico/contracts/common/processors';
import { processors } from '@portico/contracts/common/processors';

type FieldDefinition = { name: string; type: 'text' | 'number' };

// Custom-field values follow the merchant's definitions: known names only, numbers where the
// field is a number (a numeric string counts). Answers the stored values or the first problem.
export function checkCustomFieldValues(
  values: Record<string, string | number>,
  definitions: readonly FieldDefinition[],
): { values: Record<string, string | number> } | { problem: string } {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const checked: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    const definition = byName.get(name);
    if (!definition) return { problem: `${SubLocationErrorText.UnknownField} "${name}".` };
    if (definition.type === 'number') {
      if (typeof value === 'string' && value.trim() === '') continue;
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(number)) return { problem: `"${name}" ${SubLocationErrorText.NotANumber}.` };
      checked[name] = number;
    } else {
      const text = String(value).trim();
      if (text !== '') checked[name] = text;
    }
  }
  return { values: checked };
}

type ProcessorFacts = {
  config:
    | { payment: ProcessorName | null; ach: ProcessorName | null; crypto: ProcessorName | null }
    | undefined;
  keystore:
    | {
        propayMid: string | null;
        epxMerchantIdentifier: string | null;
        mMid: string | null;
        bMid: string | null;
        curpayId: string | null;
        forumPayIdentifier: string | null;
      }
    | undefined;
  overridden: readonly ProcessorName[];
};

// The merchant's own identifier at each processor, as its keystore holds it.
function ownIdentifier(keystore: ProcessorFacts['keystore'], processor: ProcessorName): string | null {
  if (!keystore) return null;
  const byProcessor: Partial<Record<ProcessorName, string | null>> = {
    propay: keystore.propayMid,
    epx: keystore.epxMerchantIdentifier,
    merchante: keystore.mMid,
    bluesnap: keystore.bMid,
    curpay: keystore.curpayId,
    forumpay: keystore.forumPayIdentifier,
  };
  return byProcessor[processor] ?? null;
}

// GET /api/rbac/{merchantId}/mid-overrides: processors the merchant runs on, then any already
// overridden, in the one processor order.
export function midOverrideOptionsOf(facts: ProcessorFacts) {
  const used = new Set<ProcessorName>(facts.overridden);
  for (const processor of [facts.config?.payment, facts.config?.ach, facts.config?.crypto]) {
    if (processor) used.add(processor);
  }
  return processors
    .filter((processor) => used.has(processor))
    .map((processor) => ({
      payment_processor: processor,
      merchant_identifier: ownIdentifier(facts.keystore, processor),
    }));
}
