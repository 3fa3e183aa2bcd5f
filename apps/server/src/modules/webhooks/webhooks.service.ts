import { Permission } from '@portico/contracts/access/permission-names';
import {
  type CreateWebhookEndpointBody,
  maskedWebhookSecret,
  type UpdateWebhookEndpointBody,
  type WebhookAttemptView,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryRow,
  type WebhookEndpointView,
  WebhookErrorCode,
  WebhookText,
  webhookDeliveriesPageSize,
  webhookTestEventType,
  webhookUrlProblem,
} from '@portico/contracts/developers/webhooks';
import { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { clientIdsAtOrBelow } from '../../access/merchant-scope.repository';
import { authorizeClient } from '../../access/owner-access';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { lastFourAsIssued } from '../../lib/masking';
import { webhookEventRowOf } from '../../lib/webhook-events';
import { newWebhookSecret } from '../../lib/webhook-signature';
import { type DeliveryDeps, deliverOneNow } from './webhook-delivery';
import { checkedAddresses, WebhookTargetRefused } from './webhook-http';
import {
  deleteEndpoint,
  type EndpointRow,
  failedDeliveryIdsSince,
  findDeliveryOwner,
  findEndpoint,
  insertDirectDelivery,
  insertEndpoint,
  insertEvent,
  listDeliveries,
  listEndpoints,
  reopenDeliveries,
  updateEndpoint,
} from './webhooks.repository';

export const WebhookError = defineErrors({
  UrlRefused: [WebhookErrorCode.UrlRefused, 'validation'],
  EndpointNotFound: [WebhookErrorCode.EndpointNotFound, 'not_found'],
  DeliveryNotFound: [WebhookErrorCode.DeliveryNotFound, 'not_found'],
  EndpointDisabled: [WebhookErrorCode.EndpointDisabled, 'business_rule'],
});

export type WebhookDeps = DeliveryDeps & { now: () => Date };

function viewOf(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    merchant_id: row.clientId,
    merchant_name: row.merchantName,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    is_enabled: row.isEnabled,
    disabled_for_failing: !row.isEnabled && row.disabledReason === 'failing',
    secret: maskedWebhookSecret(row.secretLast4),
    created_at: row.createdAt.toISOString(),
  };
}

// The address by its text, then (outside development) every address its name resolves to.
async function assertUsableUrl(deps: WebhookDeps, url: string): Promise<void> {
  const problem = webhookUrlProblem(url, { allowPlainHttp: deps.allowPrivateTargets });
  if (problem !== null) throw WebhookError.UrlRefused(problem);
  if (deps.allowPrivateTargets) return;
  try {
    await checkedAddresses(new URL(url), false);
  } catch (err) {
    if (err instanceof WebhookTargetRefused) throw WebhookError.UrlRefused(WebhookText.UrlPrivate);
    throw WebhookError.UrlRefused(WebhookText.UrlInvalid);
  }
}

// The endpoint, if the caller reaches its merchant with the Developers permission; a missing one is
// a 404 for staff and the usual refusal for everyone else (no existence oracle).
async function authorizedEndpoint(deps: WebhookDeps, caller: Caller, id: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(deps.db, id);
  if (!endpoint) {
    if (caller.isStaff) throw WebhookError.EndpointNotFound(WebhookText.EndpointNotFound);
    return denyAccess(caller, 'merchant');
  }
  await authorizeDevelopersOn(deps, caller, endpoint.clientId);
  return endpoint;
}

async function authorizeDevelopersOn(deps: WebhookDeps, caller: Caller, clientId: string): Promise<void> {
  const access = await authorizeClient(deps.db, caller, clientId);
  if (!access.effectivePermissions.includes(Permission.Developers)) {
    await denyAccess(caller, 'permission', { merchantId: clientId });
  }
}

// The endpoints the caller manages from this merchant: its own and those of merchants below it.
async function endpointsInScope(deps: WebhookDeps, merchantId: string): Promise<EndpointRow[]> {
  return listEndpoints(deps.db, await clientIdsAtOrBelow(deps.db, [merchantId]));
}

export async function listWebhookEndpoints(deps: WebhookDeps, merchantId: string) {
  return (await endpointsInScope(deps, merchantId)).map(viewOf);
}

export async function createWebhookEndpoint(
  deps: WebhookDeps,
  caller: Caller,
  body: CreateWebhookEndpointBody & { event_types: string[] },
) {
  await assertUsableUrl(deps, body.url);
  const secret = newWebhookSecret();
  const id = await deps.db.transaction(async (tx) => {
    const endpointId = await insertEndpoint(tx, {
      clientId: body.merchant_id,
      url: body.url,
      description: body.description || null,
      eventTypes: body.event_types,
      secretEnc: deps.cipher().encrypt(secret, encryptedColumn.webhookEndpointSecret),
      secretLast4: lastFourAsIssued(secret),
      createdByUserId: caller.session.userId,
    });
    await recordAudit(tx, {
      action: 'webhook.endpoint_create',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'webhook_endpoint',
      targetId: endpointId,
      clientId: body.merchant_id,
      details: { url: body.url, event_types: body.event_types },
    });
    return endpointId;
  });
  const endpoint = await findEndpoint(deps.db, id);
  if (!endpoint) throw new Error('webhook endpoint vanished after creation');
  return { endpoint: viewOf(endpoint), signing_secret: secret };
}

export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  caller: Caller,
  id: string,
  body: UpdateWebhookEndpointBody & { event_types?: string[] },
) {
  const endpoint = await authorizedEndpoint(deps, caller, id);
  if (body.url !== undefined) await assertUsableUrl(deps, body.url);
  await deps.db.transaction(async (tx) => {
    await updateEndpoint(tx, endpoint.id, {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
      ...(body.event_types !== undefined ? { eventTypes: body.event_types } : {}),
      // Enabled again by a person: it starts afresh, not failing.
      ...(body.is_enabled !== undefined
        ? { isEnabled: body.is_enabled, disabledReason: null, failingSince: null }
        : {}),
    });
    await recordAudit(tx, {
      action: 'webhook.endpoint_update',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      clientId: endpoint.clientId,
      details: { changed: Object.keys(body), ...(body.url !== undefined ? { url: body.url } : {}) },
    });
  });
  const updated = await findEndpoint(deps.db, endpoint.id);
  if (!updated) throw WebhookError.EndpointNotFound(WebhookText.EndpointNotFound);
  return viewOf(updated);
}

export async function deleteWebhookEndpoint(deps: WebhookDeps, caller: Caller, id: string) {
  const endpoint = await authorizedEndpoint(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    await deleteEndpoint(tx, endpoint.id);
    await recordAudit(tx, {
      action: 'webhook.endpoint_delete',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      clientId: endpoint.clientId,
      details: { url: endpoint.url },
    });
  });
  return { id: endpoint.id };
}

// A new secret signs every delivery from now on; the old one stops at once.
export async function rollWebhookSecret(deps: WebhookDeps, caller: Caller, id: string) {
  const endpoint = await authorizedEndpoint(deps, caller, id);
  const secret = newWebhookSecret();
  await deps.db.transaction(async (tx) => {
    await updateEndpoint(tx, endpoint.id, {
      secretEnc: deps.cipher().encrypt(secret, encryptedColumn.webhookEndpointSecret),
      secretLast4: lastFourAsIssued(secret),
    });
    await recordAudit(tx, {
      action: 'webhook.secret_roll',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      clientId: endpoint.clientId,
    });
  });
  const updated = await findEndpoint(deps.db, endpoint.id);
  if (!updated) throw WebhookError.EndpointNotFound(WebhookText.EndpointNotFound);
  return { endpoint: viewOf(updated), signing_secret: secret };
}

const attemptLogEntry = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});

function attemptView(outcome: Awaited<ReturnType<typeof deliverOneNow>>): WebhookAttemptView | null {
  if (!outcome) return null;
  return {
    attempted_at: outcome.attemptedAt.toISOString(),
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    response_excerpt: outcome.excerpt,
    error: outcome.error,
  };
}

function statusOf(outcome: NonNullable<Awaited<ReturnType<typeof deliverOneNow>>>) {
  return outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300
    ? ('delivered' as const)
    : ('pending' as const);
}

// A 'webhook.test' event made for this endpoint alone and sent at once; its answer is shown.
export async function sendTestEvent(deps: WebhookDeps, caller: Caller, id: string) {
  const endpoint = await authorizedEndpoint(deps, caller, id);
  if (!endpoint.isEnabled) throw WebhookError.EndpointDisabled(WebhookText.EndpointDisabled);
  const now = deps.now();
  const deliveryId = await deps.db.transaction(async (tx) => {
    const row = webhookEventRowOf(
      {
        // The test type is not one a change makes; it travels the same way.
        type: webhookTestEventType as never,
        clientId: endpoint.clientId,
        objectType: 'webhook_endpoint',
        objectId: endpoint.id,
        data: { url: endpoint.url, message: 'A test event sent from the Developers page.' },
      },
      now,
    );
    const seq = await insertEvent(tx, { ...row, dispatchedAt: now });
    const made = await insertDirectDelivery(tx, {
      eventId: row.id,
      endpointId: endpoint.id,
      eventSeq: seq,
      objectKey: `webhook_test:${row.id}`,
      now,
    });
    await recordAudit(tx, {
      action: 'webhook.test',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      clientId: endpoint.clientId,
    });
    return made;
  });
  const outcome = await deliverOneNow(deps, deliveryId, deps.now);
  if (!outcome) throw new Error('the test delivery was not claimed');
  return { delivery_id: deliveryId, status: statusOf(outcome), attempt: attemptView(outcome) ?? never() };
}

function never(): never {
  throw new Error('unreachable');
}

export async function listWebhookDeliveries(
  deps: WebhookDeps,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveryRow[]> {
  const endpoints = await endpointsInScope(deps, query.merchant_id);
  const rows = await listDeliveries(deps.db, {
    endpointIds: endpoints.map((endpoint) => endpoint.id),
    ...(query.endpoint_id ? { endpointId: query.endpoint_id } : {}),
    ...(query.event_type ? { eventType: query.event_type } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    limit: webhookDeliveriesPageSize,
  });
  return rows.map((row) => ({
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    event_created_at: row.eventCreatedAt.toISOString(),
    endpoint_id: row.endpointId,
    endpoint_url: row.endpointUrl,
    merchant_name: row.merchantName,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    payload: row.payload,
    attempt_log: z
      .array(attemptLogEntry.extend({ attempted_at: z.coerce.date().transform((d) => d.toISOString()) }))
      .parse(row.attemptLog),
  }));
}

// One event sent again to one endpoint, now; another merchant's delivery is refused like its endpoint.
export async function resendDelivery(deps: WebhookDeps, caller: Caller, id: string) {
  const owner = await findDeliveryOwner(deps.db, id);
  if (!owner) {
    if (caller.isStaff) throw WebhookError.DeliveryNotFound(WebhookText.DeliveryNotFound);
    return denyAccess(caller, 'merchant');
  }
  const endpoint = await authorizedEndpoint(deps, caller, owner.endpointId);
  if (!endpoint.isEnabled) throw WebhookError.EndpointDisabled(WebhookText.EndpointDisabled);
  await deps.db.transaction(async (tx) => {
    await reopenDeliveries(tx, [owner.id], deps.now());
    await recordAudit(tx, {
      action: 'webhook.resend',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'webhook_delivery',
      targetId: owner.id,
      clientId: endpoint.clientId,
      details: { endpoint: endpoint.url },
    });
  });
  const outcome = await deliverOneNow(deps, owner.id, deps.now);
  const attempt = attemptView(outcome);
  // Held back behind an earlier event of the same object: it goes with the next run.
  if (!outcome || !attempt) return null;
  return { delivery_id: owner.id, status: statusOf(outcome), attempt };
}

// Every failed delivery since a time, of the merchant's endpoints (or one of them), queued again.
export async function resendFailedSince(
  deps: WebhookDeps,
  caller: Caller,
  body: { merchant_id: string; since: string; endpoint_id?: string | undefined },
) {
  const endpoints = (await endpointsInScope(deps, body.merchant_id)).filter(
    (endpoint) => body.endpoint_id === undefined || endpoint.id === body.endpoint_id,
  );
  if (body.endpoint_id !== undefined && endpoints.length === 0) {
    throw WebhookError.EndpointNotFound(WebhookText.EndpointNotFound);
  }
  const since = new Date(body.since);
  return deps.db.transaction(async (tx) => {
    const ids = await failedDeliveryIdsSince(
      tx,
      endpoints.filter((endpoint) => endpoint.isEnabled).map((endpoint) => endpoint.id),
      since,
    );
    await reopenDeliveries(tx, ids, deps.now());
    await recordAudit(tx, {
      action: 'webhook.resend',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: body.merchant_id,
      clientId: body.merchant_id,
      details: {
        since: body.since,
        queued: ids.length,
        ...(body.endpoint_id ? { endpoint_id: body.endpoint_id } : {}),
      },
    });
    return { queued: ids.length };
  });
}
