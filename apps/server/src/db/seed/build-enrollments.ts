import { encryptedColumn } from '../schema/encrypted-columns';
import type { enrollmentPrincipals, enrollments } from '../schema/enrollments';
import { clientIdOf } from './build-clients';
import { type ClientKey, type MerchantKey, merchantSpecs, routingNumbers, streetNames } from './demo-catalog';
import { personName } from './people';
import { createRng, type Rng, seedFromLabel } from './prng';
import { fictionalPhone, type SeedContext } from './seed-context';

type EnrollmentRow = typeof enrollments.$inferInsert & { id: string };

export type EnrollmentsPart = {
  enrollments: EnrollmentRow[];
  principals: (typeof enrollmentPrincipals.$inferInsert)[];
  // Enrollment ids by the key used in the specs below (for notes and documents).
  idsByKey: ReadonlyMap<string, string>;
};

type Stage = {
  applicationStatus: EnrollmentRow['applicationStatus'];
  status: EnrollmentRow['status'];
  kycStatus?: EnrollmentRow['kycStatus'];
};

// Applications that never became clients, one per pipeline stage (client statuses and enrollment
// statuses).
type ProspectSpec = Stage & {
  key: string;
  dba: string;
  legal: string;
  parent: ClientKey;
  mcc: string;
  city: string;
  state: string;
  zip: string;
  area: string;
  daysAgo: number;
  applicationType?: 'Merchant' | 'Partner' | 'Agent';
  principals: number;
};

const prospects: ProspectSpec[] = [
  {
    key: 'fern-fig',
    dba: 'Fern & Fig Kitchen',
    legal: 'Fern and Fig Kitchen LLC',
    parent: 'summit',
    mcc: '5812',
    city: 'Boulder',
    state: 'CO',
    zip: '80302',
    area: '303',
    daysAgo: 2,
    applicationStatus: null,
    status: null,
    principals: 1,
  },
  {
    key: 'agent-webb',
    dba: 'Marcus Webb',
    legal: 'Marcus Webb',
    parent: 'blueriver',
    mcc: '7392',
    city: 'Raleigh',
    state: 'NC',
    zip: '27601',
    area: '919',
    daysAgo: 4,
    applicationStatus: null,
    status: null,
    applicationType: 'Agent',
    principals: 0,
  },
  {
    key: 'sierra-vista',
    dba: 'Sierra Vista Cycles',
    legal: 'Sierra Vista Cycles Inc.',
    parent: 'summit',
    mcc: '5941',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    area: '775',
    daysAgo: 6,
    applicationStatus: 'SEND LINK',
    status: 'cta_sent',
    principals: 1,
  },
  {
    key: 'lighthouse-yoga',
    dba: 'Lighthouse Yoga Studio',
    legal: 'Lighthouse Yoga LLC',
    parent: 'healnow',
    mcc: '7997',
    city: 'Tacoma',
    state: 'WA',
    zip: '98402',
    area: '253',
    daysAgo: 9,
    applicationStatus: 'SEND LINK',
    status: 'cta_sent',
    principals: 1,
  },
  {
    key: 'gulf-coast-marine',
    dba: 'Gulf Coast Marine Supply',
    legal: 'Gulf Coast Marine Supply Co.',
    parent: 'blueriver',
    mcc: '5999',
    city: 'Mobile',
    state: 'AL',
    zip: '36602',
    area: '251',
    daysAgo: 14,
    applicationStatus: 'PENDING',
    status: 'cta_signed',
    kycStatus: 'pending',
    principals: 4,
  },
  {
    key: 'redwood-chiro',
    dba: 'Redwood Family Chiropractic',
    legal: 'Redwood Family Chiropractic PC',
    parent: 'healnow',
    mcc: '8099',
    city: 'Eureka',
    state: 'CA',
    zip: '95501',
    area: '707',
    daysAgo: 18,
    applicationStatus: 'PENDING',
    status: 'cta_signed',
    kycStatus: 'passed',
    principals: 2,
  },
  {
    key: 'quantum-ledger',
    dba: 'Quantum Ledger Apps',
    legal: 'Quantum Ledger Apps Inc.',
    parent: 'primary',
    mcc: '7372',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    area: '512',
    daysAgo: 25,
    applicationStatus: 'PENDING',
    status: 'in_development',
    kycStatus: 'needs_review',
    principals: 1,
  },
  {
    key: 'great-lakes-partners',
    dba: 'Great Lakes Payment Partners',
    legal: 'Great Lakes Payment Partners LLC',
    parent: 'primary',
    mcc: '7392',
    city: 'Cleveland',
    state: 'OH',
    zip: '44113',
    area: '216',
    daysAgo: 11,
    applicationStatus: 'PENDING',
    status: 'cta_signed',
    applicationType: 'Partner',
    principals: 1,
  },
  {
    key: 'quickcash-advance',
    dba: 'QuickCash Advance Store',
    legal: 'QuickCash Advance LLC',
    parent: 'blueriver',
    mcc: '5999',
    city: 'Jackson',
    state: 'MS',
    zip: '39201',
    area: '601',
    daysAgo: 40,
    applicationStatus: 'REJECTED',
    status: null,
    kycStatus: 'failed',
    principals: 1,
  },
  {
    key: 'vapor-cloud',
    dba: 'Vapor Cloud Lounge',
    legal: 'Vapor Cloud Lounge Inc.',
    parent: 'summit',
    mcc: '5993',
    city: 'Las Vegas',
    state: 'NV',
    zip: '89101',
    area: '702',
    daysAgo: 75,
    applicationStatus: 'REJECTED',
    status: 'Inactive',
    kycStatus: 'passed',
    principals: 2,
  },
];

// Clients that came through an enrollment; the stage follows the client's status.
const boardedMerchants: MerchantKey[] = [
  'harbor-lane-coffee',
  'copper-kettle-bistro',
  'magnolia-grill',
  'harborview-family-dental',
  'bayou-bistro',
  'evergreen-pediatrics',
  'riverside-chiropractic',
  'keystone-parking',
  'pinecrest-medical-lab',
  'orbit-commerce-labs',
  'urban-thread-boutique',
  'piedmont-tutoring',
];

export function buildEnrollments(
  ctx: SeedContext,
  clientIds: ReadonlyMap<ClientKey, string>,
  reviewerUserId: string,
): EnrollmentsPart {
  const rng = createRng(seedFromLabel('enrollments'));
  const part: Omit<EnrollmentsPart, 'idsByKey'> = { enrollments: [], principals: [] };
  const idsByKey = new Map<string, string>();
  for (const spec of prospects) {
    const row = prospectRow(ctx, rng, spec, clientIds, reviewerUserId);
    idsByKey.set(spec.key, row.id);
    part.enrollments.push(row);
    part.principals.push(...principalRows(ctx, rng, row.id, spec.principals, spec));
  }
  for (const key of boardedMerchants) {
    const row = boardedRow(ctx, rng, key, clientIds, reviewerUserId);
    idsByKey.set(key, row.id);
    part.enrollments.push(row);
    const merchant = merchantSpecs.find((m) => m.key === key);
    if (merchant) part.principals.push(...principalRows(ctx, rng, row.id, rng.between(1, 2), merchant));
  }
  return { ...part, idsByKey };
}

type Place = { city: string; state: string; zip: string; area: string };

function sealed(ctx: SeedContext, value: string, column: Parameters<SeedContext['encrypt']>[1]) {
  return { enc: ctx.encrypt(value, column), last4: value.replace(/\D/g, '').slice(-4) };
}

function commonFields(ctx: SeedContext, rng: Rng, place: Place, domain: string) {
  const taxId = sealed(ctx, `${rng.between(10, 99)}-${rng.digits(7)}`, encryptedColumn.enrollmentFedTxId);
  const account = sealed(ctx, rng.digits(10), encryptedColumn.enrollmentAccountNumber);
  const routing = sealed(ctx, rng.pick(routingNumbers), encryptedColumn.enrollmentRoutingNumber);
  return {
    fedTxIdEnc: taxId.enc,
    fedTxIdLast4: taxId.last4,
    businessAddress1: `${rng.between(100, 9899)} ${rng.pick(streetNames)}`,
    businessCity: place.city,
    businessStateProvince: place.state,
    businessPostalCode: place.zip,
    email: `owner@${domain}`,
    businessPhoneNumber: fictionalPhone(place.area, rng.int(100)),
    website: `https://www.${domain}`,
    accountNumberEnc: account.enc,
    accountNumberLast4: account.last4,
    routingNumberEnc: routing.enc,
    routingNumberLast4: routing.last4,
    accountType: 'checking' as const,
    cardSwipedPercent: 40,
    keyedCardPresentNotImprintedPercent: 10,
    mailOrPhoneOrderPercent: 10,
    internetPercent: 40,
    etfCents: 50_000,
    pciFeeCents: 1_995,
    monthlyFeeCents: 1_495,
    monthlyMinCents: 2_500,
    annualFeeCents: 9_900,
    chargebackFeeCents: 2_500,
    retrievalFeeCents: 1_500,
    achNocCents: 500,
    achReturnCents: 2_500,
    tinMismatchCents: 2_500,
    lowRate: '1.79+0.10',
  };
}

function domainOf(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.example`;
}

function prospectRow(
  ctx: SeedContext,
  rng: Rng,
  spec: ProspectSpec,
  clientIds: ReadonlyMap<ClientKey, string>,
  reviewerUserId: string,
): EnrollmentRow {
  const type = spec.applicationType ?? 'Merchant';
  const person = personName(rng);
  const isAgent = type === 'Agent';
  const submittedAt = ctx.daysAgo(spec.daysAgo, 14);
  const hasSigned = spec.status === 'cta_signed' || spec.status === 'in_development';
  return {
    id: rng.uuid(),
    parentId: clientIdOf(clientIds, spec.parent),
    applicationType: type,
    applicationStatus: spec.applicationStatus,
    status: spec.status,
    level: type === 'Partner' ? 'Parent' : 'Merchant',
    isFromPortal: true,
    dbaName: isAgent ? null : spec.dba,
    legalName: isAgent ? null : spec.legal,
    firstName: isAgent ? 'Marcus' : person.first,
    lastName: isAgent ? 'Webb' : person.last,
    ownershipType: isAgent ? 'Sole Proprietor' : 'LLC Private',
    businessDescription: isAgent ? 'Independent sales agent' : `${spec.dba}, ${spec.city}`,
    startDate: ctx.dayAgo(spec.daysAgo + 900),
    ...commonFields(ctx, rng, spec, domainOf(spec.dba)),
    payment: type === 'Merchant' ? 'epx' : null,
    cardRate: type === 'Merchant' ? '2.90+0.30' : null,
    ach: type === 'Merchant' ? 'xpress' : null,
    achRate: type === 'Merchant' ? '0.50+0.25' : null,
    settlement: 'split_settlement',
    mccCode: spec.mcc,
    avgTicketCents: rng.between(20, 300) * 100,
    highTicketCents: rng.between(10, 50) * 100_000,
    monthlyVolumeCents: rng.between(20, 200) * 100_000,
    ctaSentAt: spec.status ? ctx.daysAgo(spec.daysAgo - 1, 15) : null,
    agreedAt: hasSigned ? ctx.daysAgo(spec.daysAgo - 2, 18) : null,
    agreedIp: hasSigned ? `203.0.113.${rng.between(2, 250)}` : null,
    agreedUserAgent: hasSigned
      ? 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
      : null,
    kycStatus: spec.kycStatus ?? null,
    kycCheckedAt: spec.kycStatus ? ctx.daysAgo(Math.max(spec.daysAgo - 3, 1), 17) : null,
    rejectedAt: spec.applicationStatus === 'REJECTED' ? ctx.daysAgo(spec.daysAgo - 5, 19) : null,
    rejectedByUserId: spec.applicationStatus === 'REJECTED' ? reviewerUserId : null,
    createdAt: submittedAt,
    updatedAt: ctx.daysAgo(Math.max(spec.daysAgo - 3, 1), 20),
  };
}

function boardedRow(
  ctx: SeedContext,
  rng: Rng,
  key: MerchantKey,
  clientIds: ReadonlyMap<ClientKey, string>,
  reviewerUserId: string,
): EnrollmentRow {
  const merchant = merchantSpecs.find((m) => m.key === key);
  if (!merchant) throw new Error(`Demo merchant ${key} is not defined`);
  const submittedDaysAgo = merchant.liveDaysAgo + 30;
  const approvedDaysAgo = merchant.liveDaysAgo + 22;
  const person = personName(rng);
  return {
    id: rng.uuid(),
    parentId: clientIdOf(clientIds, merchant.parent),
    clientId: clientIdOf(clientIds, key),
    applicationType: 'Merchant',
    applicationStatus: 'BOARDED',
    status: merchant.status ?? 'Active',
    level: 'Merchant',
    isFromPortal: rng.chance(0.7),
    dbaName: merchant.dba,
    legalName: merchant.legal,
    firstName: person.first,
    lastName: person.last,
    ownershipType: 'LLC Private',
    businessDescription: `${merchant.dba}, ${merchant.city}`,
    startDate: ctx.dayAgo(submittedDaysAgo + 800),
    ...commonFields(ctx, rng, merchant, merchant.domain),
    payment: merchant.payment,
    cardRate: merchant.cardRate,
    ach: merchant.ach,
    achRate: merchant.achRate,
    devices: merchant.terminals,
    settlement: 'split_settlement',
    mccCode: merchant.mcc,
    avgTicketCents: merchant.avgTicket * 100,
    highTicketCents: merchant.avgTicket * 1_200,
    monthlyVolumeCents: merchant.avgTicket * 100 * 1_000,
    ctaSentAt: ctx.daysAgo(submittedDaysAgo - 1, 15),
    agreedAt: ctx.daysAgo(submittedDaysAgo - 2, 18),
    agreedIp: `198.51.100.${rng.between(2, 250)}`,
    agreedUserAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    kycStatus: 'passed',
    kycCheckedAt: ctx.daysAgo(submittedDaysAgo - 4, 17),
    approvedAt: ctx.daysAgo(approvedDaysAgo, 16),
    approvedByUserId: reviewerUserId,
    createdAt: ctx.daysAgo(submittedDaysAgo, 14),
    updatedAt: ctx.daysAgo(approvedDaysAgo, 16),
  };
}

function principalRows(ctx: SeedContext, rng: Rng, enrollmentId: string, count: number, place: Place) {
  const share = count > 0 ? Math.floor(100 / count) : 0;
  return Array.from({ length: count }, (_, index) => {
    const person = personName(rng);
    const ssn = sealed(
      ctx,
      `9${rng.digits(2)}-${rng.digits(2)}-${rng.digits(4)}`,
      encryptedColumn.enrollmentPrincipalSsn,
    );
    const birthDate = `19${rng.between(55, 95)}-${String(rng.between(1, 12)).padStart(2, '0')}-${String(rng.between(1, 28)).padStart(2, '0')}`;
    return {
      id: rng.uuid(),
      enrollmentId,
      position: index + 1,
      firstName: person.first,
      lastName: person.last,
      ssnEnc: ssn.enc,
      ssnLast4: ssn.last4,
      dateOfBirthEnc: ctx.encrypt(birthDate, encryptedColumn.enrollmentPrincipalDateOfBirth),
      title: index === 0 ? 'Owner' : 'Partner',
      // The first principal takes the rounding remainder so the shares add up to 100.
      ownershipPercent: String(index === 0 ? 100 - share * (count - 1) : share),
      phoneNumber: fictionalPhone(place.area, rng.int(100)),
      email: `${person.first}.${person.last}@example.com`.toLowerCase(),
      addressLine1: `${rng.between(100, 9899)} ${rng.pick(streetNames)}`,
      city: place.city,
      stateProvince: place.state,
      postalCode: place.zip,
    } satisfies typeof enrollmentPrincipals.$inferInsert;
  });
}
