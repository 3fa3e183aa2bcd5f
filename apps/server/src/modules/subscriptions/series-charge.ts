import { randomUUID } from 'node:crypto';
import type { chargeResponse } from '@portico/contracts/payment-frame/charge';
import {
  positiveAmountCents,
  type SeriesChargeBody,
  type SeriesChargeLocations,
  SubscriptionText,
} from '@portico/contracts/subscriptions/subscriptions';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../access/caller';
import type { Db, Executor, Tx } from '../../db/client';
import { clientConfigs } from '../../db/schema/clients';
import { subscriptions } from '../../db/schema/subscriptions';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import type { IdempotentResult } from '../../lib/idempotency';
import { assertMerchantCanTakePayments } from '../../lib/merchant-freeze';
import { runMoneyAttempt } from '../../lib/money-attempt';
import { chargeOperationOf } from '../charges/charge-booking';
import { listMerchantLocations } from '../charges/charges.repository';
import type { ChargeDeps } from '../charges/charges.types';
import { findSeriesLocationId } from './subscriptions.repository';
import { authorizeSeriesAccess, SubscriptionError, tokenDisplay } from './subscriptions.service';

type ChargeResponse = z.infer<typeof chargeResponse>;

// POST /api/charge: Add a Charge 'now'. The charge runs through the payment frame's
// money operation (same processor call, booking, audit and crash reconciliation under operation
// 'charge'), on a saved method of the series' own customer: a token of another merchant or customer
// is refused before any money moves.
export async function chargeSeriesNow(
  deps: ChargeDeps,
  caller: Caller,
  body: SeriesChargeBody,
  idempotencyKey: string,
): Promise<IdempotentResult<ChargeResponse>> {
  const { session, origin } = caller;
  const access = await authorizeSeriesAccess(deps.db, caller, body.subscription_id);
  const amount = positiveAmountCents.safeParse(body.amount);
  if (!amount.success) throw SubscriptionError.AmountNotValid(SubscriptionText.AmountNotValid);
  return runMoneyAttempt(
    deps.db,
    chargeOperationOf(deps),
    {
      key: idempotencyKey,
      userId: session.userId,
      method: 'POST',
      path: '/api/charge',
      body,
      operation: 'charge',
    },
    async (tx) => {
      const series = await seriesForCharge(tx, body.subscription_id);
      await assertMerchantCanTakePayments(tx, series.clientId);
      const location = chosenChargeLocation(
        await chargeLocationsOf(tx, series, access.locationIds),
        access.locationIds,
        body.location_id,
      );
      const saved = await savedTokenOfSeries(tx, series, body.token);
      const token = saved === undefined ? null : deps.gateway.readSavedToken(saved);
      if (token === null)
        throw SubscriptionError.PaymentMethodNotFound(SubscriptionText.PaymentMethodNotFound);
      const isBank = token.issuer === 'BANK';
      const processorName = isBank ? series.achProcessor : series.cardProcessor;
      if (processorName === null) {
        throw SubscriptionError.PaymentMethodNotFound(SubscriptionText.PaymentMethodNotFound);
      }
      const context = {
        transactionId: randomUUID(),
        processorName,
        token: token.token,
        row: {
          ...(isBank
            ? { type: 'ach', actionMode: 'debit', action: 'debit', paymentMethod: 'check' }
            : { type: 'charge', actionMode: 'charge', action: 'sale', paymentMethod: 'card' }),
          processor: processorName,
          cardBrand: isBank ? null : token.issuer,
          cardType: isBank ? null : 'credit',
          last4: token.last4,
          displayToken: saved,
          customerId: series.customerId,
          firstName: null,
          lastName: null,
          email: series.email,
          meta: { email: series.email, subscription_id: series.id },
          // The report scopes location-tied users by it (sub_entity_id, api_response.sub_location).
          ...(location
            ? {
                subEntityId: location.id,
                subLocation: { name: location.name, custom_fields: location.customFields },
              }
            : {}),
        },
        actor: { userId: session.userId, email: session.email, ip: origin.ip, userAgent: origin.userAgent },
        // The merchant's own staff charging from the portal, as on the virtual terminal.
        source: 'virtual_terminal',
        subscription: null,
      };
      return {
        transactionId: null,
        clientId: series.clientId,
        amountCents: amount.data,
        processor: processorName,
        context,
      };
    },
  );
}

async function seriesForCharge(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: subscriptions.id,
      clientId: subscriptions.clientId,
      customerId: subscriptions.customerId,
      token: subscriptions.token,
      email: subscriptions.email,
      isActive: subscriptions.isActive,
      cardProcessor: clientConfigs.payment,
      achProcessor: clientConfigs.ach,
    })
    .from(subscriptions)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, subscriptions.clientId))
    .where(eq(subscriptions.id, id))
    .for('update', { of: subscriptions });
  if (!row) throw SubscriptionError.NotFound(SubscriptionText.NotFound);
  if (!row.isActive) throw SubscriptionError.AlreadyEnded(SubscriptionText.AlreadyEnded);
  return row;
}

// The series' own token or a saved method of its customer at its merchant, named whole or as shown.
async function savedTokenOfSeries(
  tx: Tx,
  series: { clientId: string; customerId: string | null; token: string },
  given: string,
): Promise<string | undefined> {
  const matches = (token: string) => token === given || tokenDisplay(token) === given;
  if (matches(series.token)) return series.token;
  if (series.customerId === null) return undefined;
  const methods = await tx
    .select({ token: vaultPaymentMethods.token })
    .from(vaultPaymentMethods)
    .innerJoin(vaultCustomers, eq(vaultCustomers.id, vaultPaymentMethods.customerId))
    .where(and(eq(vaultCustomers.id, series.customerId), eq(vaultCustomers.clientId, series.clientId)));
  return methods.map((m) => m.token).find(matches);
}

type ChargeLocation = Awaited<ReturnType<typeof listMerchantLocations>>[number];
type ChargeLocationOptions = {
  // Where the caller may record the charge: a location-tied user's own, else every location.
  choices: ChargeLocation[];
  // Without a choice: the series' location if the caller reaches it, else a tied user's only one.
  fallback: ChargeLocation | null;
};

async function chargeLocationsOf(
  executor: Executor,
  series: { id: string; clientId: string },
  locationIds: readonly string[],
): Promise<ChargeLocationOptions> {
  const all = await listMerchantLocations(executor, series.clientId);
  const seriesLocationId = await findSeriesLocationId(executor, series.id);
  const choices = locationIds.length === 0 ? all : all.filter((l) => locationIds.includes(l.id));
  const seriesLocation = choices.find((l) => l.id === seriesLocationId) ?? null;
  const onlyOwn = locationIds.length > 0 && choices.length === 1 ? (choices[0] ?? null) : null;
  return { choices, fallback: seriesLocation ?? onlyOwn };
}

// A charge now by a user tied to sub-locations is taken at one of theirs (the report shows it to them
// only so); with several and no fit, they are asked to choose.
function chosenChargeLocation(
  options: ChargeLocationOptions,
  locationIds: readonly string[],
  chosenId: string | undefined,
): ChargeLocation | null {
  if (chosenId !== undefined) {
    const chosen = options.choices.find((l) => l.id === chosenId);
    if (!chosen) throw SubscriptionError.LocationNotValid(SubscriptionText.LocationNotValid);
    return chosen;
  }
  if (options.fallback === null && locationIds.length > 0) {
    throw SubscriptionError.LocationRequired(SubscriptionText.LocationRequired);
  }
  return options.fallback;
}

// GET /api/subscription/charge-locations: what the Add a Charge form offers (a tied user's own).
export async function seriesChargeLocations(
  db: Db,
  caller: Caller,
  subscriptionId: string,
): Promise<SeriesChargeLocations> {
  const access = await authorizeSeriesAccess(db, caller, subscriptionId);
  const options = await chargeLocationsOf(
    db,
    { id: subscriptionId, clientId: access.clientId },
    access.locationIds,
  );
  return {
    locations: access.locationIds.length === 0 ? [] : options.choices.map(({ id, name }) => ({ id, name })),
    default_location_id: options.fallback?.id ?? null,
  };
}
