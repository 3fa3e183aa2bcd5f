import type { subEntities, subEntityMidOverrides } from '../schema/access';
import { clientIdOf } from './build-clients';
import { type ClientKey, merchantSpecs } from './demo-catalog';
import { createRng, seedFromLabel } from './prng';
import { fictionalPhone, type SeedContext } from './seed-context';

type LocationSpec = {
  name: string;
  street: string;
  customFields: Record<string, string | number>;
  // A location that settles under its own MID at the merchant's card processor.
  hasOwnMid?: boolean;
};

// Sub-locations of the merchants that have more than one site.
const locationSpecs: Partial<Record<ClientKey, LocationSpec[]>> = {
  'harbor-lane-coffee': [
    { name: 'Pearl District', street: '1120 NW Couch St', customFields: { 'Store Number': 101 } },
    {
      name: 'Alberta Arts',
      street: '2915 NE Alberta St',
      customFields: { 'Store Number': 102 },
      hasOwnMid: true,
    },
    { name: 'Sellwood', street: '8005 SE 13th Ave', customFields: { 'Store Number': 103 } },
  ],
  'harborview-family-dental': [
    {
      name: 'Belltown Office',
      street: '2200 1st Ave',
      customFields: { RD: 'RD-2231', VPCO: 'VP-88', 'Sub-Account Number': 4412 },
    },
    {
      name: 'Ballard Office',
      street: '5420 Ballard Ave NW',
      customFields: { RD: 'RD-2232', VPCO: 'VP-91', 'Sub-Account Number': 4413 },
      hasOwnMid: true,
    },
  ],
  'magnolia-grill': [
    { name: 'King Street', street: '185 King St', customFields: {} },
    { name: 'Folly Beach', street: '32 Center St', customFields: {} },
  ],
  'peak-performance-fitness': [
    { name: 'Downtown Club', street: '250 S State St', customFields: { 'Club Code': 'DT' } },
    { name: 'Sugar House Club', street: '2100 S Highland Dr', customFields: { 'Club Code': 'SH' } },
  ],
};

export type LocationsPart = {
  subEntities: (typeof subEntities.$inferInsert)[];
  midOverrides: (typeof subEntityMidOverrides.$inferInsert)[];
  // Location ids by client, in catalog order.
  idsByClient: ReadonlyMap<ClientKey, { id: string; name: string }[]>;
};

export function buildLocations(ctx: SeedContext, clientIds: ReadonlyMap<ClientKey, string>): LocationsPart {
  const rng = createRng(seedFromLabel('locations'));
  const part: LocationsPart = { subEntities: [], midOverrides: [], idsByClient: new Map() };
  const idsByClient = new Map<ClientKey, { id: string; name: string }[]>();
  for (const merchant of merchantSpecs) {
    const specs = locationSpecs[merchant.key] ?? [];
    const clientId = clientIdOf(clientIds, merchant.key);
    const ids: { id: string; name: string }[] = [];
    for (const spec of specs) {
      const id = rng.uuid();
      ids.push({ id, name: spec.name });
      part.subEntities.push({
        id,
        clientId,
        name: spec.name,
        phone: fictionalPhone(merchant.area, rng.int(100)),
        address: {
          address: `${spec.street}, ${merchant.city}, ${merchant.state} ${merchant.zip}`,
          address1: spec.street,
          city: merchant.city,
          st: merchant.state,
          zip: merchant.zip,
        },
        customFields: spec.customFields,
        createdAt: ctx.daysAgo(Math.max(merchant.liveDaysAgo - 10, 5)),
      });
      if (spec.hasOwnMid && merchant.payment) {
        part.midOverrides.push({
          id: rng.uuid(),
          subEntityId: id,
          paymentProcessor: merchant.payment,
          merchantIdentifier: rng.digits(12),
        });
      }
    }
    if (ids.length > 0) idsByClient.set(merchant.key, ids);
  }
  return { ...part, idsByClient };
}
