import { type ClientsPart, clientIdOf } from './build-clients';
import { type MerchantSpec, merchantSpecs } from './demo-catalog';

// What the SQL generators need to know about each transacting merchant (snake_case: it is read by
// jsonb_to_recordset).
export type MerchantProfile = {
  idx: number;
  client_id: string;
  // Share of the volume: the merchant owns slots [slot_lo, slot_hi) of the slot table.
  slot_lo: number;
  slot_hi: number;
  avg_ticket_cents: number;
  high_ticket_cents: number;
  card_processor: string | null;
  ach_processor: string | null;
  crypto_processor: string | null;
  has_terminals: boolean;
  is_crypto_only: boolean;
  card_bps: number;
  card_item_cents: number;
  ach_bps: number;
  ach_item_cents: number;
  surcharge_bps: number;
  // Transactions fall between these many days before the anchor (first_day_back >= last_day_back >= 1).
  first_day_back: number;
  last_day_back: number;
  location_field: string;
  card_rate: string;
  ach_rate: string | null;
  // Day (before the anchor) of a card-testing burst for the velocity alert, if any.
  burst_day_back: number | null;
  // Day (before the anchor) of one large approved order over the high-ticket limit, if any.
  large_order_day_back: number | null;
};

// Thirteen months of history before the anchor day (a year of reports plus the running month).
const historyDays = 395;

// Interchange itself, estimated for 'IC+…' pricing.
const estimatedInterchangeBps = 180;

// '2.59+0.10' -> 259 bps + 10 cents; 'IC+10bps+5c' -> interchange estimate + 10 bps, 5 cents.
export function parsePricing(rate: string): { bps: number; itemCents: number } {
  const flat = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(rate);
  if (flat?.[1] && flat[2]) {
    return { bps: Math.round(Number(flat[1]) * 100), itemCents: Math.round(Number(flat[2]) * 100) };
  }
  const icPlus = /^IC\+(\d+)bps\+(\d+)c$/.exec(rate);
  if (icPlus?.[1] && icPlus[2]) {
    return { bps: estimatedInterchangeBps + Number(icPlus[1]), itemCents: Number(icPlus[2]) };
  }
  throw new Error(`Unrecognised pricing string ${rate}`);
}

const burstDays: Partial<Record<MerchantSpec['key'], number>> = {
  'sunrise-car-wash': 2,
  'sawgrass-event-rentals': 7,
  'pixelforge-software': 15,
};

// Large orders that wait in the risk team's Over High Ticket queue on any anchor day, whatever the size
// of the series: the series' own high tickets are one in a hundred, so a small one may have none
// in the last 30 days. The newest are younger than the week the seeded notes leave unreviewed.
const largeOrderDays: Partial<Record<MerchantSpec['key'], number>> = {
  'northstar-electronics': 2,
  'harborview-hotel': 4,
  'bright-smiles-orthodontics': 12,
};

export function buildMerchantProfiles(clients: ClientsPart): MerchantProfile[] {
  let slot = 0;
  return merchantSpecs
    .filter((spec) => spec.weight > 0 && spec.liveDaysAgo > 0)
    .map((spec, idx) => {
      const clientId = clientIdOf(clients.clientIds, spec.key);
      const config = clients.configs.find((c) => c.clientId === clientId);
      const card = parsePricing(spec.cardRate);
      const ach = spec.achRate ? parsePricing(spec.achRate) : { bps: 0, itemCents: 0 };
      const profile: MerchantProfile = {
        idx,
        client_id: clientId,
        slot_lo: slot,
        slot_hi: slot + spec.weight,
        avg_ticket_cents: spec.avgTicket * 100,
        high_ticket_cents: config?.highTicketCents ?? 1_000_000,
        card_processor: spec.payment,
        ach_processor: spec.ach,
        crypto_processor: config?.crypto ?? null,
        has_terminals: spec.terminals !== null,
        is_crypto_only: spec.isCryptoOnly ?? false,
        card_bps: card.bps,
        card_item_cents: card.itemCents,
        ach_bps: ach.bps,
        ach_item_cents: ach.itemCents,
        // Pass-to-consumer merchants add a 3 % surcharge on card sales.
        surcharge_bps: spec.hasSurcharge ? 300 : 0,
        first_day_back: Math.min(spec.liveDaysAgo, historyDays),
        last_day_back: spec.stoppedDaysAgo ?? 1,
        location_field: spec.hasPatientVault ? 'Clinic Location' : 'Location',
        card_rate: spec.cardRate,
        ach_rate: spec.achRate,
        burst_day_back: burstDays[spec.key] ?? null,
        large_order_day_back: largeOrderDays[spec.key] ?? null,
      };
      slot += spec.weight;
      return profile;
    });
}

export function slotCount(profiles: MerchantProfile[]): number {
  return profiles.reduce((max, p) => Math.max(max, p.slot_hi), 0);
}
