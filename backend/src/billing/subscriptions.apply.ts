import { z } from 'zod';
import { SubscriptionSource, SubscriptionStatus, userAggregate } from '../accounts';
import { Queryable } from '../platform/database/database';
import { AggregateType, executeCommand } from '../platform/event-store/command-path';
import { EventStore } from '../platform/event-store/event-store';
import { EventMetadata } from '../platform/event-store/event-store.types';
import { decideSubscriptionChange, SubscriberState, SubscriptionChange } from './subscriptions.decide';

// Applying what Stripe says to our users, inside the caller's transaction. Lock order everywhere:
// stripe_checkout_sessions / stripe_subscriptions rows first, then the users row.

export interface ApplyContext {
  db: Queryable;
  store: EventStore;
  metadata: EventMetadata;
  source: SubscriptionSource;
  stripeEventId?: string;
}

export type ApplyOutcome = 'applied' | 'unchanged' | 'duplicate' | 'stale' | 'ignored';

const uuid = z.uuid();

/** The parts of a Checkout Session we read. */
export interface CheckoutSessionLike {
  id: string;
  status: string | null;
  mode?: string | null;
  payment_status?: string | null;
  client_reference_id: string | null;
  subscription?: string | { id: string } | null;
  customer?: string | { id: string } | null;
}

export interface SubscriptionLike {
  id: string;
  status: string;
  customer?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

const ref = (r: string | { id: string } | null | undefined) => (!r ? undefined : typeof r === 'string' ? r : r.id);

/** Stripe's subscription status → ours; null for states that say nothing yet (incomplete). */
export function statusFromStripe(status: string): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'paused':
      return 'inactive';
    default:
      return null;
  }
}

export function isCompletedAndPaid(session: CheckoutSessionLike): boolean {
  return session.status === 'complete' && (session.mode ?? 'subscription') === 'subscription' && ['paid', 'no_payment_required'].includes(session.payment_status ?? 'paid');
}

/**
 * A completed checkout activates the subscription of its client_reference_id, once per checkout session,
 * whether the webhook or the user's status poll sees it first.
 */
export async function applyCompletedCheckout(ctx: ApplyContext, session: CheckoutSessionLike): Promise<ApplyOutcome> {
  if (!isCompletedAndPaid(session)) return 'ignored';
  const userId = session.client_reference_id;
  if (!userId || !uuid.safeParse(userId).success) return 'ignored';
  const subscriptionId = ref(session.subscription);
  const customerId = ref(session.customer);
  const inserted = await ctx.db.query(
    `insert into stripe_checkout_sessions (session_id, user_id, subscription_id)
     select $1, $2, $3 where exists (select 1 from users where id = $2 and erased_at is null)
     on conflict do nothing`,
    [session.id, userId, subscriptionId ?? null],
  );
  if (inserted.rowCount === 0) return 'duplicate';
  if (subscriptionId) {
    await ctx.db.query(
      `insert into stripe_subscriptions (subscription_id, user_id, customer_id, status) values ($1, $2, $3, 'active') on conflict do nothing`,
      [subscriptionId, userId, customerId ?? null],
    );
    const { rows } = await ctx.db.query<{ terminal: boolean }>('select terminal from stripe_subscriptions where subscription_id = $1 for update', [subscriptionId]);
    // Its cancellation arrived before the checkout: a canceled subscription is never activated again.
    if (rows[0]?.terminal) return 'stale';
  }
  return recordSubscriptionChange(ctx, userId, {
    kind: 'checkout_completed',
    source: ctx.source,
    checkoutSessionId: session.id,
    stripeSubscriptionId: subscriptionId,
    stripeCustomerId: customerId,
    stripeEventId: ctx.stripeEventId,
  });
}

/**
 * A subscription's new state (customer.subscription.updated / deleted, invoice.payment_failed). Per Stripe
 * subscription we keep the newest event time applied and whether it has ended: an older delivery is stale,
 * and nothing after the end (deleted, canceled) brings the subscription back.
 */
export async function applySubscriptionState(
  ctx: ApplyContext,
  subscription: SubscriptionLike,
  eventCreated: number,
  options: { deleted?: boolean; onlyWhenActive?: boolean } = {},
): Promise<ApplyOutcome> {
  const customerId = ref(subscription.customer);
  let row = await lockSubscription(ctx.db, subscription.id);
  if (!row) {
    const userId = await ownerOf(ctx.db, customerId, subscription.metadata?.user_id);
    if (!userId) return 'ignored';
    await ctx.db.query(
      `insert into stripe_subscriptions (subscription_id, user_id, customer_id, status) values ($1, $2, $3, $4) on conflict do nothing`,
      [subscription.id, userId, customerId ?? null, subscription.status],
    );
    row = await lockSubscription(ctx.db, subscription.id);
    if (!row) return 'ignored';
  }
  if (row.terminal) return 'stale';
  if (eventCreated < Number(row.last_event_created)) return 'stale';

  const ended = options.deleted === true || subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const target: SubscriptionStatus | null = ended ? 'canceled' : statusFromStripe(subscription.status);
  await ctx.db.query(
    `update stripe_subscriptions set status = $2, terminal = $3, last_event_created = greatest(last_event_created, $4),
            customer_id = coalesce(customer_id, $5), updated_at = now()
      where subscription_id = $1`,
    [subscription.id, ended ? 'canceled' : subscription.status, ended, eventCreated, customerId ?? null],
  );
  if (!target) return 'ignored';

  return recordSubscriptionChange(ctx, row.user_id, {
    kind: 'subscription_status',
    source: ctx.source,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: customerId,
    target,
    onlyWhenActive: options.onlyWhenActive,
    stripeEventId: ctx.stripeEventId,
  });
}

/**
 * The user seen by billing: the user aggregate (its row locked, its stream's version) plus the Stripe
 * subscription the user is linked to. Its events are the user's; its inline state is the user's.
 */
const subscriber: AggregateType<SubscriberState> = {
  streamType: userAggregate.streamType,
  streamId: userAggregate.streamId,
  initial: (id) => ({ user: userAggregate.initial(id), stripeSubscriptionId: null, stripeCustomerId: null, linkedSubscriptionLive: null }),
  evolve: (state, event) => ({ ...state, user: userAggregate.evolve(state.user, event) }),
  async load(db, userId) {
    const loaded = await userAggregate.load!(db, userId);
    if (!loaded) return null;
    const { rows } = await db.query<{ stripe_subscription_id: string | null; stripe_customer_id: string | null; terminal: boolean | null }>(
      `select u.stripe_subscription_id, u.stripe_customer_id, s.terminal
         from users u left join stripe_subscriptions s on s.subscription_id = u.stripe_subscription_id
        where u.id = $1`,
      [userId],
    );
    const link = rows[0];
    return {
      version: loaded.version,
      state: {
        user: loaded.state,
        stripeSubscriptionId: link.stripe_subscription_id,
        stripeCustomerId: link.stripe_customer_id,
        linkedSubscriptionLive: link.terminal === null ? null : !link.terminal,
      },
    };
  },
  save: (db, after, before) => userAggregate.save!(db, after.user, before.user),
};

/**
 * One user's side of a Stripe change, through the command path inside the caller's transaction (after the
 * billing ledger rows, which are locked first): decide, append at the user stream's version, write the user's
 * inline state, then the Stripe references the decision links.
 */
export async function recordSubscriptionChange(
  ctx: Pick<ApplyContext, 'db' | 'store' | 'metadata'>,
  userId: string,
  change: SubscriptionChange,
): Promise<ApplyOutcome> {
  const done = await executeCommand({ db: ctx.db, store: ctx.store }, subscriber, userId, (state) => decideSubscriptionChange(state, change), {
    metadata: ctx.metadata,
  });
  if (!done) return 'ignored';
  const { outcome, link } = done.result;
  if (link) {
    await ctx.db.query('update users set stripe_subscription_id = $2, stripe_customer_id = $3 where id = $1', [userId, link.stripeSubscriptionId, link.stripeCustomerId]);
  }
  return outcome;
}

async function lockSubscription(db: Queryable, id: string) {
  const { rows } = await db.query<{ user_id: string; terminal: boolean; last_event_created: string }>(
    'select user_id, terminal, last_event_created from stripe_subscriptions where subscription_id = $1 for update',
    [id],
  );
  return rows[0] ?? null;
}

/** The user a subscription we have not seen yet belongs to: by Stripe customer, else by our metadata. */
async function ownerOf(db: Queryable, customerId: string | undefined, metadataUserId: string | undefined): Promise<string | null> {
  if (customerId) {
    const { rows } = await db.query<{ id: string }>('select id from users where stripe_customer_id = $1 order by created_at limit 1', [customerId]);
    if (rows[0]) return rows[0].id;
  }
  if (metadataUserId && uuid.safeParse(metadataUserId).success) {
    const { rows } = await db.query<{ id: string }>('select id from users where id = $1', [metadataUserId]);
    if (rows[0]) return rows[0].id;
  }
  return null;
}
