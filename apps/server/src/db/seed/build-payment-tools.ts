import {
  encodePaymentFrameParams,
  type PaymentFrameParams,
  type PaymentOption,
  paymentFrameAddress,
} from '@portico/contracts/payment-frame/params';
import { basicPaymentOptions } from '@portico/contracts/payment-frame/virtual-terminal-options';
import { terminalValuesOf } from '../../modules/virtual-terminals/terminal-record';
import { encryptedColumn } from '../schema/encrypted-columns';
import type { subscriptions } from '../schema/subscriptions';
import type {
  shortLinks,
  terminals,
  VirtualTerminalCustomField,
  virtualTerminalUrls,
} from '../schema/terminals';
import type { vaultCustomers, vaultPaymentMethods } from '../schema/vault';
import { clientIdOf } from './build-clients';
import type { LocationsPart } from './build-locations';
import { type ClientKey, type MerchantSpec, merchantSpecs, streetNames } from './demo-catalog';
import { personEmail, personName } from './people';
import { createRng, type Rng, seedFromLabel } from './prng';
import { fictionalPhone, type SeedContext } from './seed-context';

type CustomerRow = typeof vaultCustomers.$inferInsert & { id: string };
type MethodRow = typeof vaultPaymentMethods.$inferInsert & { id: string };
type SubscriptionRow = typeof subscriptions.$inferInsert;

export type PaymentToolsPart = {
  vaultCustomers: CustomerRow[];
  vaultPaymentMethods: MethodRow[];
  subscriptions: SubscriptionRow[];
  terminals: (typeof terminals.$inferInsert)[];
  virtualTerminalUrls: (typeof virtualTerminalUrls.$inferInsert)[];
  shortLinks: (typeof shortLinks.$inferInsert)[];
  vtIdsByClient: ReadonlyMap<ClientKey, string[]>;
};

// Saved customers per merchant (merchants not listed have none).
const vaultSizes: Partial<Record<ClientKey, number>> = {
  'harborview-family-dental': 14,
  'evergreen-pediatrics': 8,
  'clearsight-eye-care': 6,
  'alpine-physical-therapy': 8,
  'bright-smiles-orthodontics': 6,
  'lakeshore-dermatology': 4,
  'mesa-vista-podiatry': 4,
  'peak-performance-fitness': 12,
  'northwind-subscription-box': 18,
  'pixelforge-software': 10,
  'brightside-cleaning': 6,
  'cornerstone-law-group': 5,
  'greenway-utilities': 10,
  'harbor-lane-coffee': 6,
  'copper-kettle-bistro': 4,
  'riverbend-auto-care': 5,
  'atlas-freight-lines': 4,
  'hope-harbor-foundation': 8,
  'ledger-lane-collectibles': 3,
};

type SubscriptionPlan = {
  count: number;
  amounts: number[];
  interval: SubscriptionRow['interval'];
  label: string;
};

const subscriptionPlans: Partial<Record<ClientKey, SubscriptionPlan>> = {
  'northwind-subscription-box': {
    count: 14,
    amounts: [29, 39, 59],
    interval: 'monthly',
    label: 'Monthly box',
  },
  'peak-performance-fitness': { count: 10, amounts: [49, 79], interval: 'monthly', label: 'Club membership' },
  'pixelforge-software': { count: 8, amounts: [99, 249], interval: 'yearly', label: 'Pro plan (annual)' },
  'harborview-family-dental': { count: 4, amounts: [150, 200], interval: 'monthly', label: 'Treatment plan' },
  'alpine-physical-therapy': { count: 3, amounts: [60], interval: 'weekly', label: 'Therapy package' },
  'greenway-utilities': { count: 5, amounts: [112, 138], interval: 'monthly', label: 'Budget billing' },
};

const cardIssuers = ['VISA', 'VISA', 'MC', 'MC', 'AMEX', 'DISC'] as const;

export function buildPaymentTools(
  ctx: SeedContext,
  clientIds: ReadonlyMap<ClientKey, string>,
  locations: LocationsPart,
  publicKeys: ReadonlyMap<string, string>,
): PaymentToolsPart {
  const rng = createRng(seedFromLabel('payment-tools'));
  const part: Omit<PaymentToolsPart, 'vtIdsByClient'> = {
    vaultCustomers: [],
    vaultPaymentMethods: [],
    subscriptions: [],
    terminals: [],
    virtualTerminalUrls: [],
    shortLinks: [],
  };
  const vtIdsByClient = new Map<ClientKey, string[]>();
  for (const spec of merchantSpecs) {
    const clientId = clientIdOf(clientIds, spec.key);
    const customers = addVault(ctx, rng, part, spec, clientId, locations);
    addSubscriptions(ctx, rng, part, spec, clientId, customers);
    addTerminals(ctx, rng, part, spec, clientId, locations);
    const publicKey = publicKeys.get(clientId);
    if (publicKey === undefined) throw new Error(`No publishable key for ${spec.key}`);
    vtIdsByClient.set(spec.key, addVirtualTerminals(ctx, rng, part, spec, { clientId, publicKey }));
  }
  addShortLinks(ctx, rng, part);
  return { ...part, vtIdsByClient };
}

type SavedCustomer = { customer: CustomerRow; cardMethods: MethodRow[] };

function addVault(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<PaymentToolsPart, 'vtIdsByClient'>,
  spec: MerchantSpec,
  clientId: string,
  locations: LocationsPart,
): SavedCustomer[] {
  const saved: SavedCustomer[] = [];
  const siteNames = (locations.idsByClient.get(spec.key) ?? []).map((site) => site.name);
  for (let i = 0; i < (vaultSizes[spec.key] ?? 0); i++) {
    const customer = customerRow(ctx, rng, spec, clientId, siteNames);
    const methods = paymentMethodRows(ctx, rng, spec, customer);
    part.vaultCustomers.push(customer);
    part.vaultPaymentMethods.push(...methods);
    saved.push({ customer, cardMethods: methods.filter((m) => m.issuer !== 'BANK') });
  }
  return saved;
}

// Patient fields as the vault keeps them: sealed, with the number's keyed hash.
function sealedPatientColumns(
  ctx: SeedContext,
  patient: { number: string; first: string; last: string } | null,
): Partial<CustomerRow> {
  if (patient === null) return {};
  return {
    patientNumberEnc: ctx.encrypt(patient.number, encryptedColumn.vaultPatientNumber),
    patientFirstNameEnc: ctx.encrypt(patient.first, encryptedColumn.vaultPatientFirstName),
    patientLastNameEnc: ctx.encrypt(patient.last, encryptedColumn.vaultPatientLastName),
    patientNumberHash: ctx.hashPatientNumber?.(patient.number) ?? null,
  };
}

function customerRow(
  ctx: SeedContext,
  rng: Rng,
  spec: MerchantSpec,
  clientId: string,
  siteNames: string[],
): CustomerRow {
  const person = personName(rng);
  const street = `${rng.between(100, 9899)} ${rng.pick(streetNames)}`;
  const isShipped = spec.key === 'northwind-subscription-box';
  const patient = spec.hasPatientVault ? { first: rng.pick([person.first, personName(rng).first]) } : null;
  return {
    id: rng.uuid(),
    clientId,
    firstName: person.first,
    lastName: person.last,
    email: personEmail(rng, person),
    phoneNumber: fictionalPhone(spec.area, rng.int(100)),
    ...sealedPatientColumns(
      ctx,
      patient ? { number: `P-${rng.digits(6)}`, first: patient.first, last: person.last } : null,
    ),
    externalId: rng.chance(0.5) ? `CUST-${rng.digits(6)}` : null,
    billingAddressLine1: street,
    billingLocality: spec.city,
    billingRegion: spec.state,
    billingPostalCode: spec.zip,
    billingCountry: 'US',
    shippingAddressLine1: isShipped ? street : null,
    shippingLocality: isShipped ? spec.city : null,
    shippingRegion: isShipped ? spec.state : null,
    shippingPostalCode: isShipped ? spec.zip : null,
    shippingCountry: isShipped ? 'US' : null,
    paymentRequestMeta: {
      source: rng.pick(['virtual_terminal', 'payment_link', 'api']),
      customFields: siteNames.length > 0 ? { 'Clinic Location': rng.pick(siteNames) } : {},
    },
    createdAt: ctx.daysAgo(rng.between(5, Math.max(spec.liveDaysAgo, 6))),
  };
}

function paymentMethodRows(
  ctx: SeedContext,
  rng: Rng,
  spec: MerchantSpec,
  customer: CustomerRow,
): MethodRow[] {
  const count = rng.between(1, 3);
  const seen = new Set<string>();
  const rows: MethodRow[] = [];
  const anchorYear = Number(ctx.anchorDay.slice(0, 4));
  for (let i = 0; i < count; i++) {
    const isBank = spec.ach !== null && rng.chance(0.25);
    const issuer = isBank ? 'BANK' : rng.pick(cardIssuers);
    const last4 = rng.digits(4);
    const expMonth = isBank ? null : rng.between(1, 12);
    const expYear = isBank ? null : anchorYear + rng.between(1, 4);
    const key = `${issuer}-${last4}-${expMonth}-${expYear}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      id: rng.uuid(),
      customerId: customer.id,
      issuer,
      last4,
      expMonth,
      expYear,
      token: isBank ? `BANK-${last4}` : `${issuer}-${last4}-${String(expMonth).padStart(2, '0')}-${expYear}`,
      createdAt: customer.createdAt,
    });
  }
  return rows;
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

function addSubscriptions(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<PaymentToolsPart, 'vtIdsByClient'>,
  spec: MerchantSpec,
  clientId: string,
  customers: SavedCustomer[],
) {
  const plan = subscriptionPlans[spec.key];
  if (!plan) return;
  const payers = customers.filter((c) => c.cardMethods.length > 0);
  for (let i = 0; i < Math.min(plan.count, payers.length); i++) {
    const payer = payers[i];
    const method = payer?.cardMethods[0];
    if (!payer || !method) continue;
    part.subscriptions.push(subscriptionRow(ctx, rng, plan, clientId, payer.customer, method));
  }
}

function subscriptionRow(
  ctx: SeedContext,
  rng: Rng,
  plan: SubscriptionPlan,
  clientId: string,
  customer: CustomerRow,
  method: MethodRow,
): SubscriptionRow {
  const startDaysAgo = rng.between(20, 380);
  const trialDays = rng.chance(0.2) ? 14 : 0;
  const base: SubscriptionRow = {
    id: rng.uuid(),
    clientId,
    customerId: customer.id,
    paymentMethodId: method.id,
    token: method.token,
    email: customer.email ?? 'customer@example.com',
    description: plan.label,
    amountCents: rng.pick(plan.amounts) * 100,
    interval: plan.interval,
    frequency: 1,
    cycles: rng.chance(0.3) ? 12 : null,
    trialDays,
    startDate: ctx.dayAgo(startDaysAgo),
    isActive: true,
    createdAt: ctx.daysAgo(startDaysAgo + trialDays),
  };
  const outcome = rng.next();
  if (outcome < 0.1 && startDaysAgo > 70) {
    const endedDaysAgo = rng.between(3, 60);
    return endSeries(ctx, base, endedDaysAgo, 'Ended by merchant');
  }
  if (outcome < 0.18 && startDaysAgo > 120) {
    return endSeries(ctx, base, rng.between(10, 90), 'Payment failed 3 times');
  }
  if (outcome < 0.25 && startDaysAgo > 250 && plan.interval === 'monthly') {
    const endDate = addMonths(base.startDate, 6);
    return {
      ...base,
      cycles: 6,
      endDate,
      isActive: false,
      endReason: 'Completed',
      endedAt: new Date(`${endDate}T12:00:00Z`),
    };
  }
  return base;
}

function endSeries(
  ctx: SeedContext,
  base: SubscriptionRow,
  daysAgo: number,
  reason: string,
): SubscriptionRow {
  return {
    ...base,
    isActive: false,
    endDate: ctx.dayAgo(daysAgo),
    endedAt: ctx.daysAgo(daysAgo, 16),
    endReason: reason,
  };
}

const deviceTypes = { pax: 'PAX', dejavoo: 'Dejavoo', fis: 'NEWPOS', magtek: 'NEWPOS', tpp: 'PAX' } as const;
const terminalNames = ['Front Counter', 'Register 2', 'Bar', 'Patio', 'Drive-thru'];

function addTerminals(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<PaymentToolsPart, 'vtIdsByClient'>,
  spec: MerchantSpec,
  clientId: string,
  locations: LocationsPart,
) {
  if (!spec.terminals) return;
  const sites = locations.idsByClient.get(spec.key) ?? [];
  const count = sites.length > 0 ? sites.length : rng.between(1, 3);
  for (let i = 0; i < count; i++) {
    const authKey = rng.code(24);
    const type = i === 2 && spec.terminals === 'pax' ? 'NEWPOS' : deviceTypes[spec.terminals];
    part.terminals.push({
      id: rng.uuid(),
      clientId,
      subEntityId: sites[i]?.id ?? null,
      name: sites[i] ? `${sites[i]?.name} Counter` : (terminalNames[i] ?? `Register ${i + 1}`),
      sn: `${type === 'Dejavoo' ? 'Z8' : 'A920'}${rng.digits(8)}`,
      tpn: rng.digits(12),
      laneId: String(i + 1),
      registerId: `R${i + 1}`,
      authKeyEnc: ctx.encrypt(authKey, encryptedColumn.terminalAuthKey),
      authKeyLast4: authKey.slice(-4),
      terminalType: type,
      // The last device of Keystone Parking was retired with the account.
      isActive: !(spec.status === 'Inactive' && i === count - 1),
      createdAt: ctx.daysAgo(Math.max(spec.liveDaysAgo - 5, 1)),
    });
  }
}

type VtSpec = { name: string; isActive: boolean; customFields: VirtualTerminalCustomField[] };

function vtSpecsFor(spec: MerchantSpec): VtSpec[] {
  const specs: VtSpec[] = [{ name: 'Default Terminal', isActive: true, customFields: [] }];
  if (spec.key === 'harbor-lane-coffee') {
    specs.push({
      name: 'Catering Orders',
      isActive: true,
      customFields: [
        { id: 'order-number', name: 'Order Number', type: 'text', required: false, requireForGuest: true },
        {
          id: 'table',
          name: 'Table Number',
          type: 'dropdown',
          values: ['1', '2', '3', '4'],
          required: false,
        },
      ],
    });
  }
  if (spec.key === 'harborview-family-dental') {
    specs.push({
      name: 'Front Desk',
      isActive: true,
      customFields: [
        {
          id: 'patient-number',
          name: 'Patient Number',
          type: 'text',
          required: false,
          requireForGuest: true,
        },
        {
          id: 'clinic',
          name: 'Clinic Location',
          type: 'dropdown',
          values: ['Belltown Office', 'Ballard Office'],
          required: false,
        },
      ],
    });
  }
  if (spec.key === 'bayou-bistro') specs.push({ name: 'Old Terminal', isActive: false, customFields: [] });
  return specs;
}

// The virtual terminal's default options the merchant can take: crypto alone for a crypto-only
// merchant, no bank without an ACH processor.
function seededPaymentOptions(spec: MerchantSpec): PaymentOption[] {
  if (spec.isCryptoOnly) return ['crypto'];
  return basicPaymentOptions.filter((option) => option !== 'bank' || spec.ach !== null);
}

// The address the configurator would build for this terminal (the frame's path and params).
function paymentPageUrl(spec: MerchantSpec, vt: VtSpec, publicKey: string): string {
  const params: PaymentFrameParams = {
    publishableKey: publicKey,
    paymentOptions: seededPaymentOptions(spec),
    showFeeValue: false,
    showBillingDetails: true,
    feeMessage: '',
    customerMessage: `Thank you for choosing ${spec.dba}`,
    hasSubscriptionAccess: true,
    description: vt.name,
    freeFormAmount: true,
    buttonTopPosition: false,
    showLocationsDropdown: true,
    showLogoUrl: false,
  };
  return paymentFrameAddress('', encodePaymentFrameParams(params));
}

// Each demo terminal is made by the rule a terminal saved in the configurator follows
// (modules/virtual-terminals/terminal-record.ts): signed address, custom fields in saved form.
function addVirtualTerminals(
  ctx: SeedContext,
  rng: Rng,
  part: Omit<PaymentToolsPart, 'vtIdsByClient'>,
  spec: MerchantSpec,
  merchant: { clientId: string; publicKey: string },
): string[] {
  return vtSpecsFor(spec).map((vt) => {
    const made = terminalValuesOf(
      {
        publicKey: merchant.publicKey,
        name: vt.name,
        isActive: vt.isActive,
        url: paymentPageUrl(spec, vt, merchant.publicKey),
        customFields: vt.customFields,
      },
      ctx.signFrameParams,
    );
    if (!made.ok) throw new Error(`Demo terminal ${vt.name} of ${spec.key}: ${made.problem.kind}`);
    const id = rng.uuid();
    part.virtualTerminalUrls.push({
      id,
      clientId: merchant.clientId,
      ...made.values,
      urlId: rng.code(8),
      createdAt: ctx.daysAgo(Math.max(spec.liveDaysAgo - 3, 1)),
    });
    return id;
  });
}

function addShortLinks(ctx: SeedContext, rng: Rng, part: Omit<PaymentToolsPart, 'vtIdsByClient'>) {
  for (const vt of part.virtualTerminalUrls.slice(0, 12)) {
    part.shortLinks.push({
      id: rng.uuid(),
      code: rng.code(7),
      targetUrl: vt.url,
      clientId: vt.clientId,
      createdAt: ctx.daysAgo(rng.between(1, 90)),
    });
  }
}
