import { sealedSecretApiKey } from '../../lib/secret-api-key';
import type {
  clientBankAccounts,
  clientConfigs,
  clientCustomFields,
  clientKeystore,
  clientMccConfigs,
  clientPricing,
  clientPrincipals,
  clients,
  whiteLabels,
} from '../schema/clients';
import { encryptedColumn } from '../schema/encrypted-columns';
import {
  type ClientKey,
  type MerchantSpec,
  merchantSpecs,
  type ParentSpec,
  parentSpecs,
  primaryClient,
  routingNumbers,
  streetNames,
} from './demo-catalog';
import { personName } from './people';
import { createRng, type Rng, seedFromLabel } from './prng';
import { fictionalPhone, type SeedContext } from './seed-context';

type ClientRow = typeof clients.$inferInsert;

export type ClientsPart = {
  clientIds: ReadonlyMap<ClientKey, string>;
  clients: ClientRow[];
  configs: (typeof clientConfigs.$inferInsert)[];
  pricing: (typeof clientPricing.$inferInsert)[];
  keystore: (typeof clientKeystore.$inferInsert)[];
  bankAccounts: (typeof clientBankAccounts.$inferInsert)[];
  principals: (typeof clientPrincipals.$inferInsert)[];
  customFields: (typeof clientCustomFields.$inferInsert)[];
  mccConfigs: (typeof clientMccConfigs.$inferInsert)[];
  whiteLabels: (typeof whiteLabels.$inferInsert)[];
};

export function clientIdOf(ids: ReadonlyMap<ClientKey, string>, key: ClientKey): string {
  const id = ids.get(key);
  if (!id) throw new Error(`Demo client ${key} is not defined`);
  return id;
}

function ownershipOf(legalName: string): ClientRow['ownershipType'] {
  if (/\b(Foundation|Cooperative)\b/.test(legalName)) return 'Not For Profit';
  if (/\bLP\b/.test(legalName)) return 'Partnership';
  if (/\b(PC|PA|PLLC)\b/.test(legalName)) return 'S-Corp Private';
  if (/\bLLC\b/.test(legalName)) return 'LLC Private';
  return 'C-Corp Private';
}

function streetAddress(rng: Rng): string {
  return `${rng.between(100, 9899)} ${rng.pick(streetNames)}`;
}

function sealWithLast4(ctx: SeedContext, plaintext: string, column: Parameters<SeedContext['encrypt']>[1]) {
  return { enc: ctx.encrypt(plaintext, column), last4: plaintext.replace(/\D/g, '').slice(-4) };
}

type Place = { city: string; state: string; zip: string; area: string };

function baseClientRow(
  ctx: SeedContext,
  rng: Rng,
  input: { id: string; name: string; legalName: string; domain: string; mcc: string; place: Place },
): ClientRow {
  const taxId = sealWithLast4(ctx, `${rng.between(10, 99)}-${rng.digits(7)}`, encryptedColumn.clientTaxId);
  const street = streetAddress(rng);
  const phone = fictionalPhone(input.place.area, rng.int(100));
  return {
    id: input.id,
    name: input.name,
    legalName: input.legalName,
    dbaName: input.name,
    taxIdEnc: taxId.enc,
    taxIdLast4: taxId.last4,
    email: `billing@${input.domain}`,
    phone,
    website: `https://www.${input.domain}`,
    addressLine1: street,
    locality: input.place.city,
    region: input.place.state,
    postalCode: input.place.zip,
    country: 'US',
    businessAddress1: street,
    businessLocality: input.place.city,
    businessRegion: input.place.state,
    businessPostalCode: input.place.zip,
    businessPhoneNumber: phone,
    ownershipType: ownershipOf(input.legalName),
    billingDescriptor: input.name
      .toUpperCase()
      .replace(/[^A-Z0-9 ]/g, '')
      .slice(0, 22),
    mccCode: input.mcc,
    ...sealedSecretApiKey(ctx.encrypt, rng.uuid()),
    publicKey: rng.uuid(),
  };
}

function parentRows(ctx: SeedContext, rng: Rng, spec: ParentSpec, id: string): ClientRow {
  return {
    ...baseClientRow(ctx, rng, {
      id,
      name: spec.name,
      legalName: spec.legalName,
      domain: spec.domain,
      mcc: spec.mcc,
      place: spec,
    }),
    level: 'Parent',
    parentId: primaryClient.id,
    businessDescription: 'Independent sales organisation reselling payment processing',
    startDate: ctx.dayAgo(2400),
    mid: rng.digits(12),
    status: 'Active',
    hashcode: rng.code(10),
    createdAt: ctx.daysAgo(1600),
  };
}

function merchantRow(
  ctx: SeedContext,
  rng: Rng,
  spec: MerchantSpec,
  ids: ReadonlyMap<ClientKey, string>,
): ClientRow {
  const isLive = spec.liveDaysAgo > 0;
  const row: ClientRow = {
    ...baseClientRow(ctx, rng, {
      id: clientIdOf(ids, spec.key),
      name: spec.dba,
      legalName: spec.legal,
      domain: spec.domain,
      mcc: spec.mcc,
      place: spec,
    }),
    level: 'Merchant',
    parentId: clientIdOf(ids, spec.parent),
    businessDescription: `${spec.dba} serves customers in ${spec.city}, ${spec.state}`,
    businessType: spec.isCryptoOnly ? 'Online retail (crypto only)' : 'Retail and services',
    startDate: ctx.dayAgo(spec.liveDaysAgo + 400 + rng.int(2000)),
    sandboxApiKey: spec.isInCertification || rng.chance(0.2) ? rng.uuid() : null,
    mid: isLive ? rng.digits(12) : null,
    status: spec.status ?? 'Active',
    isActive: !spec.isFrozen,
    isInCertification: spec.isInCertification ?? false,
    isEnrolledAsCryptoOnly: spec.isCryptoOnly ?? false,
    isMonthlyBillingEnabled: spec.isMonthlyBillingEnabled ?? false,
    wallet: spec.isCryptoOnly ? `0x${rng.digits(40)}` : null,
    createdAt: ctx.daysAgo(spec.liveDaysAgo + 21),
  };
  // One sole proprietor files under the owner's SSN.
  if (spec.key === 'bluebird-florals') {
    const ssn = sealWithLast4(
      ctx,
      `9${rng.digits(2)}-${rng.digits(2)}-${rng.digits(4)}`,
      encryptedColumn.clientSsn,
    );
    return { ...row, ownershipType: 'Sole Proprietor', ssnEnc: ssn.enc, ssnLast4: ssn.last4 };
  }
  // The onboarding sandboxes decline tax ids ending in 13 (README, Sandboxes): one merchant shows it.
  if (spec.key === 'northwind-subscription-box') {
    const taxId = sealWithLast4(ctx, '84-1009713', encryptedColumn.clientTaxId);
    return { ...row, taxIdEnc: taxId.enc, taxIdLast4: taxId.last4 };
  }
  return row;
}

function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

function merchantConfig(spec: MerchantSpec, clientId: string): typeof clientConfigs.$inferInsert {
  const highTicketCents = Math.max(50_000, Math.round((spec.avgTicket * 12) / 100) * 100 * 100);
  const isHealthcare = Boolean(spec.hasPatientVault);
  return {
    clientId,
    payment: spec.payment,
    ach: spec.ach,
    crypto: spec.isCryptoOnly ? 'forumpay' : spec.key === 'pixelforge-software' ? 'curpay' : null,
    payout: spec.key === 'atlas-freight-lines' ? 'dynamic_payout_weekly' : 'split_settlement',
    terminals: spec.terminals,
    pauseSettlement: Boolean(spec.isFrozen),
    levelThreeDataEnabled: spec.key === 'atlas-freight-lines',
    metaFieldSearch: spec.key === 'harborview-family-dental',
    metaFieldSearchTerm: spec.key === 'harborview-family-dental' ? 'Clinic Location' : null,
    forumPayState: spec.isCryptoOnly ? 'enabled' : null,
    forumPayBankAccountUploaded: Boolean(spec.isCryptoOnly),
    customizations: {
      rbac_enabled: Boolean(spec.isRbacEnabled),
      skipped_menu_titles: spec.key === 'copper-kettle-bistro' ? ['Recurring Charges'] : [],
      default_search_page: spec.key === 'magnolia-grill' ? 'search' : 'classic',
      custom_fields: isHealthcare ? ['Clinic Location', 'Patient Number'] : [],
      default_receipt_template: isHealthcare ? 'healthcare' : 'standard',
    },
    hasPatientInformationInVault: isHealthcare,
    hasOrphanedPaymentMethods: spec.key === 'pixelforge-software',
    // Lower limits where the demo shows velocity alerts.
    riskVelocity: spec.key === 'sunrise-car-wash' ? 60 : 100,
    highTicketCents,
    avgTicketCents: dollarsToCents(spec.avgTicket),
    monthlyVolumeCents: dollarsToCents(spec.avgTicket * 40 * spec.weight * 30),
    monthlyHighVolumeCents: dollarsToCents(spec.avgTicket * 60 * spec.weight * 30),
  };
}

function parentConfig(spec: ParentSpec, clientId: string): typeof clientConfigs.$inferInsert {
  return {
    clientId,
    payment: 'fis',
    ach: 'xpress',
    onboard: spec.key !== 'blueriver',
    enrollEmail: spec.enrollEmail,
    wEnrollMessage: spec.welcomeMessage,
    revSharePercentage: spec.revSharePercentage,
    revShareFormula: 'profit * rev_share_percentage / 100',
    customizations: { rbac_enabled: spec.key === 'healnow', skipped_menu_titles: [] },
    childDefaults: {
      onboard: true,
      rev_share: Number.parseFloat(spec.revSharePercentage),
      avg_ticket_cents: 7_500,
      high_ticket_cents: 500_000,
      monthly_volume_cents: 5_000_000,
      monthly_high_volume_cents: 10_000_000,
      payment: spec.key === 'healnow' ? 'epx' : 'fis',
      enroll_email: spec.enrollEmail,
      pause_settlement: false,
    },
  };
}

function pricingRow(
  clientId: string,
  spec: MerchantSpec | null,
  rng: Rng,
): typeof clientPricing.$inferInsert {
  const isInterchangePlus = spec?.cardRate.startsWith('IC') ?? false;
  return {
    clientId,
    cardRate: spec?.cardRate ?? '2.90+0.30',
    cardP2c: spec?.hasSurcharge ?? false,
    achRate: spec?.achRate ?? (spec ? null : '0.50+0.25'),
    cryptoRate: spec?.isCryptoOnly ? '1.00+0.00' : null,
    lowRate: '1.79+0.10',
    regFeeCents: 0,
    pciFeeCents: 1_995,
    genericPciFeeCents: 995,
    monthlyFeeCents: rng.pick([995, 1_495, 1_995, 2_495]),
    monthlyMinCents: rng.pick([1_000, 2_500, 5_000]),
    annualFeeCents: 9_900,
    chargebackFeeCents: 2_500,
    retrievalFeeCents: 1_500,
    achReturnCents: 2_500,
    achNocCents: 500,
    tinMismatchCents: 2_500,
    taxRate: '0.000',
    ...(isInterchangePlus ? epxInterchangePlusFields() : {}),
  };
}

// EPX interchange-plus schedule of an 'IC+…' merchant.
function epxInterchangePlusFields(): Partial<typeof clientPricing.$inferInsert> {
  return {
    qualifiedRateBps: '10',
    amexQualifiedRateBps: '15',
    debitQualifiedRateBps: '5',
    qualifiedTransactionFeeCents: 5,
    amexQualifiedTransactionFeeCents: 10,
    debitQualifiedTransactionFeeCents: 5,
    interchangeDuesAssessmentsBps: '14',
    amexInterchangeDuesAssessmentsBps: '16.5',
    debitInterchangeDuesAssessmentsBps: '13.75',
    qualifiedCheckCardRateBps: '5',
    qualifiedCheckCardTransactionFeeCents: 5,
    interchangeTransactionPassthroughCreditFeeCents: 10,
    interchangeTransactionPassthroughCheckCardFeeCents: 5,
    debitGatewayFeeCents: 5,
    debitTransactionFeeCents: 10,
    monthlyBasicServiceFeeCents: 1_000,
    monthlyMinimumDiscountFeeCents: 2_500,
    returnItemSupportFeeCents: 1_500,
  };
}

function keystoreRow(ctx: SeedContext, rng: Rng, clientId: string, spec: MerchantSpec) {
  const row: typeof clientKeystore.$inferInsert = { clientId };
  if (spec.payment === 'propay' || spec.ach === 'propay') row.propayMid = rng.digits(9);
  if (spec.payment === 'fis') row.heartlandPublicKey = `pkapi_prod_${rng.code(20)}`;
  if (spec.payment === 'epx') {
    const key = sealWithLast4(ctx, rng.code(32), encryptedColumn.keystoreEpxExternalKey);
    row.epxExternalKeyEnc = key.enc;
    row.epxExternalKeyLast4 = key.last4;
    row.epxMerchantIdentifier = `9001${rng.digits(8)}`;
  }
  if (spec.payment === 'merchante') {
    row.mMid = rng.digits(12);
    row.mPid = rng.digits(6);
  }
  if (spec.payment === 'bluesnap') {
    const login = sealWithLast4(ctx, `API_${rng.digits(10)}:${rng.code(16)}`, encryptedColumn.keystoreBId);
    row.bMid = rng.digits(7);
    row.bIdEnc = login.enc;
    row.bIdLast4 = login.last4;
  }
  if (spec.key === 'pixelforge-software') row.curpayId = `cp_${rng.code(12)}`;
  if (spec.isCryptoOnly) row.forumPayIdentifier = `fp-${rng.code(12)}`;
  return row;
}

function bankAccountRow(
  ctx: SeedContext,
  rng: Rng,
  clientId: string,
): typeof clientBankAccounts.$inferInsert {
  const account = sealWithLast4(ctx, rng.digits(rng.between(9, 12)), encryptedColumn.clientBankAccountNumber);
  const routing = sealWithLast4(ctx, rng.pick(routingNumbers), encryptedColumn.clientBankRoutingNumber);
  return {
    id: rng.uuid(),
    clientId,
    accountNumberEnc: account.enc,
    accountNumberLast4: account.last4,
    routingNumberEnc: routing.enc,
    routingNumberLast4: routing.last4,
    accountType: rng.chance(0.85) ? 'checking' : 'savings',
  };
}

function principalRows(ctx: SeedContext, rng: Rng, clientId: string, place: Place) {
  const count = rng.chance(0.3) ? 2 : 1;
  return Array.from({ length: count }, (_, index) => {
    const person = personName(rng);
    const ssn = sealWithLast4(
      ctx,
      `9${rng.digits(2)}-${rng.digits(2)}-${rng.digits(4)}`,
      encryptedColumn.clientPrincipalSsn,
    );
    const birthDate = `19${rng.between(55, 92)}-${String(rng.between(1, 12)).padStart(2, '0')}-${String(rng.between(1, 28)).padStart(2, '0')}`;
    return {
      id: rng.uuid(),
      clientId,
      position: index + 1,
      firstName: person.first,
      lastName: person.last,
      ssnEnc: ssn.enc,
      ssnLast4: ssn.last4,
      dateOfBirthEnc: ctx.encrypt(birthDate, encryptedColumn.clientPrincipalDateOfBirth),
      title: index === 0 ? rng.pick(['Owner', 'CEO', 'Managing Member', 'President']) : 'Partner',
      ownershipPercent: count === 1 ? '100.00' : index === 0 ? '60.00' : '40.00',
      phoneNumber: fictionalPhone(place.area, rng.int(100)),
      addressLine1: streetAddress(rng),
      city: place.city,
      stateProvince: place.state,
      postalCode: place.zip,
    } satisfies typeof clientPrincipals.$inferInsert;
  });
}

// Location custom fields of the merchants that use sub-locations.
const customFieldSpecs: Partial<Record<ClientKey, { name: string; type: 'text' | 'number' }[]>> = {
  'harbor-lane-coffee': [{ name: 'Store Number', type: 'number' }],
  'harborview-family-dental': [
    { name: 'RD', type: 'text' },
    { name: 'VPCO', type: 'text' },
    { name: 'Sub-Account Number', type: 'number' },
  ],
  'peak-performance-fitness': [{ name: 'Club Code', type: 'text' }],
};

// Sub-pricing per MCC a parent offers its sub-merchants.
const subpricingSpecs: Record<string, string[]> = {
  summit: ['5812', '5814', '5251', '7538', '5992'],
  blueriver: ['5812', '5411', '7011'],
  healnow: ['8011', '8021', '8042', '8099'],
};

function mccConfigRows(rng: Rng, clientId: string, parentKey: string) {
  return (subpricingSpecs[parentKey] ?? []).map((mccCode) => ({
    id: rng.uuid(),
    clientId,
    mccCode,
    label: `${parentKey === 'healnow' ? 'Healthcare' : 'Standard'} ${mccCode}`,
    cardRate: rng.pick(['2.75+0.15', '2.90+0.30', '2.69+0.10']),
    achRate: '0.50+0.25',
    cryptoRate: null,
    cardP2c: false,
    achP2c: false,
    cryptoP2c: false,
    lowRate: '1.79+0.10',
    etfCents: 50_000,
    pciFeeCents: 1_995,
    monthlyFeeCents: 1_495,
    monthlyMinimumCents: 2_500,
    annualFeeCents: 9_900,
    chargebackFeeCents: 2_500,
    achReturnCents: 2_500,
    avgTicketCents: rng.between(20, 300) * 100,
    highTicketCents: rng.between(10, 50) * 100_000,
  }));
}

export function buildClients(ctx: SeedContext): ClientsPart {
  const rng = createRng(seedFromLabel('clients'));
  const ids = new Map<ClientKey, string>([['primary', primaryClient.id]]);
  for (const parent of parentSpecs) ids.set(parent.key, rng.uuid());
  for (const merchant of merchantSpecs) ids.set(merchant.key, rng.uuid());

  const part: ClientsPart = {
    clientIds: ids,
    clients: [],
    configs: [],
    pricing: [],
    keystore: [],
    bankAccounts: [],
    principals: [],
    customFields: [],
    mccConfigs: [],
    whiteLabels: [],
  };
  addPrimary(ctx, rng, part);
  for (const spec of parentSpecs) addParent(ctx, rng, part, spec);
  for (const spec of merchantSpecs) addMerchant(ctx, rng, part, spec);
  return part;
}

function addPrimary(ctx: SeedContext, rng: Rng, part: ClientsPart) {
  part.clients.push({
    ...baseClientRow(ctx, rng, {
      id: primaryClient.id,
      name: primaryClient.name,
      legalName: primaryClient.legalName,
      domain: ctx.domains.providerDomain,
      mcc: '7372',
      place: primaryClient,
    }),
    level: 'Parent',
    businessDescription: 'Card and bank payment provider',
    startDate: ctx.dayAgo(3650),
    status: 'Active',
    hashcode: rng.code(10),
    createdAt: ctx.daysAgo(2000),
  });
  part.configs.push({ clientId: primaryClient.id, payment: 'fis', ach: 'xpress', customizations: {} });
  part.pricing.push(pricingRow(primaryClient.id, null, rng));
}

function addParent(ctx: SeedContext, rng: Rng, part: ClientsPart, spec: ParentSpec) {
  const id = clientIdOf(part.clientIds, spec.key);
  part.clients.push(parentRows(ctx, rng, spec, id));
  part.configs.push(parentConfig(spec, id));
  part.pricing.push(pricingRow(id, null, rng));
  part.bankAccounts.push(bankAccountRow(ctx, rng, id));
  part.principals.push(...principalRows(ctx, rng, id, spec));
  part.mccConfigs.push(...mccConfigRows(rng, id, spec.key));
  if (spec.whiteLabel) {
    part.whiteLabels.push({
      clientId: id,
      color: spec.whiteLabel.color,
      entityName: spec.whiteLabel.entityName,
    });
  }
}

function addMerchant(ctx: SeedContext, rng: Rng, part: ClientsPart, spec: MerchantSpec) {
  const id = clientIdOf(part.clientIds, spec.key);
  part.clients.push(merchantRow(ctx, rng, spec, part.clientIds));
  part.configs.push(merchantConfig(spec, id));
  part.pricing.push(pricingRow(id, spec, rng));
  part.keystore.push(keystoreRow(ctx, rng, id, spec));
  part.bankAccounts.push(bankAccountRow(ctx, rng, id));
  part.principals.push(...principalRows(ctx, rng, id, spec));
  for (const field of customFieldSpecs[spec.key] ?? []) {
    part.customFields.push({ id: rng.uuid(), clientId: id, name: field.name, type: field.type });
  }
}
