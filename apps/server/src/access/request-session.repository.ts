import { STEP_UP_MINUTES } from '@portico/contracts/auth/second-factor';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { queryRowsNamed, shapedStatements } from '../db/named-statement';
import type { SqlRow } from '../db/sql-rows';
import {
  type MerchantAccessFacts,
  merchantAccessFactsSql,
  type PermissionHolderFacts,
  parseMerchantAccessFacts,
  parsePermissionHolderFacts,
  permissionHolderFactsColumn,
} from './merchant-scope.repository';

// What one request's access decision may need besides the session: the caller's facts on the merchant
// the request names, on the client it views as (and whether that merchant lies within it), and the
// hasPermission facts for a call that names no merchant.
export type RequestAccessPlan = {
  merchantId: string | null;
  viewedClientId: string | null;
  permissionAnywhere: boolean;
};

const sessionRow = z.object({
  user_id: z.string(),
  view_as_client_id: z.string().nullable(),
  mimicked_by_user_id: z.string().nullable(),
  mimicked_by_user_type: z.string().nullable(),
  email: z.string(),
  user_type: z.string(),
  is_processor_audit_user: z.boolean(),
  awaiting_second_factor: z.boolean(),
  is_enrolling_second_factor: z.boolean(),
  has_recent_second_factor: z.boolean(),
});

export type RequestAccessRow = {
  userId: string;
  viewAsClientId: string | null;
  mimickedByUserId: string | null;
  // The role of the person behind a mimic session.
  mimickedByUserType: string | null;
  email: string;
  userType: string;
  isProcessorAuditUser: boolean;
  isAwaitingSecondFactor: boolean;
  // The waiting session is for setting up a first second factor (the user must have one and has none).
  isEnrollingSecondFactor: boolean;
  // The second factor was proved in this session within the step-up window.
  hasRecentSecondFactor: boolean;
  merchant: MerchantAccessFacts | null;
  viewed: MerchantAccessFacts | null;
  // The named merchant is the viewed client or lies below it; null unless both were asked for.
  isMerchantWithinViewed: boolean | null;
  permissionHolder: PermissionHolderFacts | null;
};

// A route's own read, sent with the session statement (one round trip instead of two). It runs only
// for a live session (a lateral join on it: no session, no read), sees the session's user, view-as
// client and default client as SQL, and its rows come back with the session for the handler, which
// uses them only once the access layer and its own checks allowed the request; otherwise they are
// dropped unread. read() must answer a prefetch_order column (the rows' order) and no column whose
// name starts with session_ (the session's own columns).
export type SessionSql = { userId: SQL; viewAsClientId: SQL; defaultClientId: SQL; userType: SQL };
export type SessionPrefetch = {
  // Names the statement's text: one shape, one text (built once).
  shape: string;
  // What the read was asked with: the handler compares it with what it would ask.
  key: string;
  read: (session: SessionSql) => SQL;
  // Its placeholders' values; the session statement's own names are taken.
  values: Record<string, unknown>;
};

type RequestAccessShape = { hasMerchant: boolean; hasViewed: boolean; hasPermissionAnywhere: boolean };

const sessionPlaceholders = ['sessionId', 'idleMinutes', 'merchantId', 'viewedClientId'];

// The session row's columns, in the order sessionRowOf reads them.
const sessionColumnNames = [
  'user_id',
  'view_as_client_id',
  'mimicked_by_user_id',
  'mimicked_by_user_type',
  'email',
  'user_type',
  'is_processor_audit_user',
  'awaiting_second_factor',
  'is_enrolling_second_factor',
  'has_recent_second_factor',
  'merchant_facts',
  'viewed_facts',
  'is_merchant_within_viewed',
  'permission_holder_facts',
] as const;

// The statement of one shape, values left as placeholders (sessionId, idleMinutes, merchantId,
// viewedClientId, and the prefetch's own).
function requestAccessQuery(shape: RequestAccessShape, prefetch: SessionPrefetch | null): SQL {
  const userId = sql`(select user_id from live)`;
  const merchant = shape.hasMerchant
    ? merchantAccessFactsSql('merchant', sql.placeholder('merchantId'), userId)
    : null;
  const viewed = shape.hasViewed
    ? merchantAccessFactsSql('viewed', sql.placeholder('viewedClientId'), userId)
    : null;
  const ctes = [merchant?.ctes, viewed?.ctes].filter((part) => part !== undefined);
  // Facts as text: with a prefetch the session's columns ride on the first row only, parsed once.
  const sessionColumns = sql`live.user_id::text as user_id, live.view_as_client_id::text as view_as_client_id,
      live.mimicked_by_user_id::text as mimicked_by_user_id,
      live.mimicked_by_user_type::text as mimicked_by_user_type, live.email, live.user_type::text as user_type,
      live.is_processor_audit_user, live.awaiting_second_factor, live.is_enrolling_second_factor,
      live.has_recent_second_factor,
      ${merchant ? sql`${merchant.column}::text` : sql`null`} as merchant_facts,
      ${viewed ? sql`${viewed.column}::text` : sql`null`} as viewed_facts,
      ${merchant && viewed ? sql`exists (select 1 from ${merchant.chain} where id = ${sql.placeholder('viewedClientId')})` : sql`null`} as is_merchant_within_viewed,
      ${shape.hasPermissionAnywhere ? sql`(select ${permissionHolderFactsColumn()}::text from users u where u.id = live.user_id)` : sql`null`} as permission_holder_facts`;
  const head = sql`with recursive live as (
      select s.id, s.user_id, s.view_as_client_id, s.mimicked_by_user_id, s.awaiting_second_factor,
        s.second_factor_enrolment as is_enrolling_second_factor,
        coalesce(s.second_factor_at > now() - make_interval(mins => ${sql.raw(String(STEP_UP_MINUTES))}), false)
          as has_recent_second_factor,
        staff.user_type as mimicked_by_user_type, u.email, u.user_type,
        u.is_processor_audit_user or coalesce(staff.is_processor_audit_user, false) as is_processor_audit_user,
        u.default_client_id,
        s.last_seen_at < now() - interval '1 minute' as is_due_for_touch
      from sessions s join users u on u.id = s.user_id
        left join users staff on staff.id = s.mimicked_by_user_id
      where s.id = ${sql.placeholder('sessionId')} and s.revoked_at is null
        and s.expires_at > now() and s.absolute_expires_at > now()
        and not u.is_disabled and not u.is_locked_out and u.user_type <> 'contact'
        and (s.mimicked_by_user_id is null
          or (staff.id is not null and not staff.is_disabled and not staff.is_locked_out))
    ),
    touched as (
      update sessions
      set last_seen_at = now(),
        expires_at = least(now() + make_interval(mins => ${sql.placeholder('idleMinutes')}), absolute_expires_at)
      where id = (select id from live where is_due_for_touch) and revoked_at is null
      returning id
    )${ctes.length > 0 ? sql`, ${sql.join(ctes, sql`, `)}` : sql``}`;
  if (prefetch === null) return sql`${head} select ${sessionColumns} from live`;
  // The session's row once (materialized: its facts are not read again per prefetched row), then
  // the prefetch joined on it: without a live session the lateral read has no row to run for.
  const first = sql`coalesce(p.prefetch_row, 1) = 1`;
  return sql`${head}, session_row as materialized (
      select ${sessionColumns}, live.user_id as user_uuid, live.view_as_client_id as view_as_uuid,
        live.default_client_id as default_client_uuid, live.user_type::text as user_type_text
      from live
    )
    select ${sql.join(
      sessionColumnNames.map(
        (name) => sql`case when ${first} then s.${sql.raw(name)} end as ${sql.raw(`session_${name}`)}`,
      ),
      sql`, `,
    )}, p.*
    from session_row s left join lateral (
      select q.*, row_number() over (order by q.prefetch_order) as prefetch_row from (${prefetch.read({
        userId: sql`s.user_uuid`,
        viewAsClientId: sql`s.view_as_uuid`,
        defaultClientId: sql`s.default_client_uuid`,
        userType: sql`s.user_type_text`,
      })}) q
    ) p on true
    order by p.prefetch_row`;
}

// Built once per shape (the text is the same on every request), and sent as a named statement
// (db/named-statement.ts): planning it cost more than running it.
const requestAccessStatements = shapedStatements();

function requestAccessStatement(shape: RequestAccessShape, prefetch: SessionPrefetch | null): Query {
  return requestAccessStatements(
    `${shape.hasMerchant}:${shape.hasViewed}:${shape.hasPermissionAnywhere}:${prefetch?.shape ?? ''}`,
    () => requestAccessQuery(shape, prefetch),
  );
}

// Facts come as text (parsed here, once); a driver that parsed them already hands an object.
function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

// The request's whole access decision in one round trip. A live session of a user
// who may still sign in (not revoked, inside both limits, account enabled; a mimic session ends
// with the staff member's right to sign in), its user, the role of the person behind a mimic session
// (a processor-audit user behind it makes the session read-only too), and the facts the plan asks
// for. Extending
// the idle limit costs a write: the same statement does it, at most once a minute per session.
// Times come from the database clock, the one every check compares against. With a prefetch, its
// rows come in the same round trip (prefetched; none without a live session).
export async function findRequestAccess(
  executor: Executor,
  input: {
    sessionId: string;
    idleMinutes: number;
    plan: RequestAccessPlan;
    prefetch?: SessionPrefetch | null;
  },
): Promise<(RequestAccessRow & { prefetched: SqlRow[] | null }) | null> {
  const { plan } = input;
  const prefetch = input.prefetch ?? null;
  const shape = {
    hasMerchant: plan.merchantId !== null,
    hasViewed: plan.viewedClientId !== null,
    hasPermissionAnywhere: plan.permissionAnywhere,
  };
  if (prefetch && sessionPlaceholders.some((name) => name in prefetch.values)) {
    throw new Error(`The prefetch ${prefetch.shape} uses a placeholder name of the session statement`);
  }
  const rows = await queryRowsNamed(executor, requestAccessStatement(shape, prefetch), {
    ...prefetch?.values,
    sessionId: input.sessionId,
    idleMinutes: input.idleMinutes,
    merchantId: plan.merchantId,
    viewedClientId: plan.viewedClientId,
  });
  const row = rows[0];
  if (!row) return null;
  const prefix = prefetch ? 'session_' : '';
  const column = (name: (typeof sessionColumnNames)[number]) => row[`${prefix}${name}`];
  const session = sessionRow.parse(
    Object.fromEntries(sessionColumnNames.map((name) => [name, column(name)])),
  );
  return {
    userId: session.user_id,
    viewAsClientId: session.view_as_client_id,
    mimickedByUserId: session.mimicked_by_user_id,
    mimickedByUserType: session.mimicked_by_user_type,
    email: session.email,
    userType: session.user_type,
    isProcessorAuditUser: session.is_processor_audit_user,
    isAwaitingSecondFactor: session.awaiting_second_factor,
    isEnrollingSecondFactor: session.is_enrolling_second_factor,
    hasRecentSecondFactor: session.has_recent_second_factor,
    merchant: shape.hasMerchant ? parseMerchantAccessFacts(jsonOf(column('merchant_facts'))) : null,
    viewed: shape.hasViewed ? parseMerchantAccessFacts(jsonOf(column('viewed_facts'))) : null,
    isMerchantWithinViewed:
      shape.hasMerchant && shape.hasViewed ? z.boolean().parse(column('is_merchant_within_viewed')) : null,
    permissionHolder: shape.hasPermissionAnywhere
      ? parsePermissionHolderFacts(jsonOf(column('permission_holder_facts')))
      : null,
    prefetched: prefetch ? rows : null,
  };
}
