import { type AccessPart, buildAccess } from './build-access';
import { type ActivityPart, buildActivity } from './build-activity';
import { buildClients, type ClientsPart } from './build-clients';
import { buildEnrollments, type EnrollmentsPart } from './build-enrollments';
import { buildLocations, type LocationsPart } from './build-locations';
import { buildPaymentTools, type PaymentToolsPart } from './build-payment-tools';
import { buildMerchantProfiles, type MerchantProfile } from './merchant-profiles';
import type { SeedContext } from './seed-context';

// The reference part of the demo data, built in memory as plain rows. Pure: the same context gives
// the same rows (ciphertexts aside), so it is easy to test without a database.
export type DemoDataset = {
  clients: ClientsPart;
  locations: LocationsPart;
  paymentTools: PaymentToolsPart;
  access: AccessPart;
  enrollments: EnrollmentsPart;
  activity: ActivityPart;
  profiles: MerchantProfile[];
  adminUserId: string;
};

export function buildDemoDataset(ctx: SeedContext): DemoDataset {
  const clients = buildClients(ctx);
  const locations = buildLocations(ctx, clients.clientIds);
  const publicKeys = new Map(clients.clients.flatMap((c) => (c.id ? [[c.id, c.publicKey] as const] : [])));
  const paymentTools = buildPaymentTools(ctx, clients.clientIds, locations, publicKeys);
  const access = buildAccess(ctx, clients.clientIds, locations, paymentTools.vtIdsByClient);
  const adminEmail = `admin@${ctx.domains.providerDomain}`;
  const adminUserId = access.userIdsByEmail.get(adminEmail);
  if (!adminUserId) throw new Error('The demo admin account is missing');
  const enrollments = buildEnrollments(ctx, clients.clientIds, adminUserId);
  const activity = buildActivity(ctx, { clientIds: clients.clientIds, enrollments, adminUserId, adminEmail });
  return {
    // Parents and the provider show their logo from file_blobs.
    clients: {
      ...clients,
      clients: clients.clients.map((c) => ({
        ...c,
        logoStorageKey: c.id ? activity.logoKeys.get(c.id) : undefined,
      })),
    },
    locations,
    paymentTools,
    access,
    enrollments,
    activity,
    profiles: buildMerchantProfiles(clients),
    adminUserId,
  };
}
