import type { SubLocation, UpdateSubLocationBody } from '@portico/contracts/access/sub-locations';
import { type ProcessorName, processors } from '@portico/contracts/common/processors';

// The Edit Sub-Location form as typed: every value a string.
export type LocationDraft = {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  st: string;
  zip: string;
  customFields: Record<string, string>;
  mids: Partial<Record<ProcessorName, string>>;
};

export function locationDraftOf(location: SubLocation): LocationDraft {
  return {
    name: location.name,
    phone: location.phone ?? '',
    address1: location.address.address1 ?? '',
    address2: location.address.address2 ?? '',
    city: location.address.city ?? '',
    st: location.address.st ?? '',
    zip: location.address.zip ?? '',
    customFields: Object.fromEntries(
      Object.entries(location.custom_fields).map(([name, value]) => [name, String(value)]),
    ),
    mids: Object.fromEntries(
      location.mid_overrides.map((override) => [override.payment_processor, override.merchant_identifier]),
    ),
  };
}

// PATCH body: empty custom fields and MIDs are left out (a blank MID means the
// merchant's own); the address keeps its one-line form beside the edited parts.
export function editedLocationBody(draft: LocationDraft, location: SubLocation): UpdateSubLocationBody {
  const trimmed = (value: string) => value.trim();
  const address = {
    ...(location.address.address ? { address: location.address.address } : {}),
    address1: trimmed(draft.address1),
    address2: trimmed(draft.address2),
    city: trimmed(draft.city),
    st: trimmed(draft.st),
    zip: trimmed(draft.zip),
  };
  return {
    name: trimmed(draft.name),
    phone: trimmed(draft.phone),
    address,
    custom_fields: Object.fromEntries(
      Object.entries(draft.customFields)
        .map(([name, value]) => [name, trimmed(value)] as const)
        .filter(([, value]) => value !== ''),
    ),
    merchant: { id: location.merchant_id },
    mid_overrides: processors
      .map((processor) => ({
        payment_processor: processor,
        merchant_identifier: trimmed(draft.mids[processor] ?? ''),
      }))
      .filter((override) => override.merchant_identifier !== ''),
  };
}
