import { identity, type Language, type PushOutcome, type PushSubscriptionCreate, type PushSubscriptionInfo } from '@kovanica/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema/index.ts';
import { endpointRefusal, isP256PublicKey, outcomeOf, type PushMessage, type PushOptions, pushTo, vapidKeys } from './push.sender.ts';

/** The push channel the alarms' delivery sends through (decision 0050): `pushSender(db, options).sendToUser(userId, message)`. */
export { type PushMessage, type PushOptions, type PushSender, pushSender } from './push.sender.ts';

/** The browsers and phones one person may have push messages on in; a newer subscription pushes the oldest out. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The test message, in the caller's language. */
const TEST_MESSAGE: Record<Language, PushMessage> = {
  en: { title: 'Kovanica', body: 'Push messages reach this device.', url: '/alarms/list', tag: 'kovanica-test' },
  hr: { title: 'Kovanica', body: 'Push poruke stižu na ovaj uređaj.', url: '/alarms/list', tag: 'kovanica-test' },
};

const toItem = (row: PushSubscriptionRow): PushSubscriptionInfo => ({
  ...identity('push-subscriptions', 'PushSubscription', row.id),
  endpoint: row.endpoint,
  pushService: URL.canParse(row.endpoint) ? new URL(row.endpoint).host : '',
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
  failures: row.failures,
});

/**
 * One's own push subscriptions (decision 0050): every route acts on the caller's rows only, whatever
 * their role or view; another person's is not found.
 */
export function pushSubscriptionsService(db: Db, options: PushOptions = {}) {
  const own = (ctx: RequestContext, id: number) => and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, ctx.actor.userId));

  return {
    /** The VAPID public key browsers subscribe with; never the private one. */
    async publicKey(): Promise<{ publicKey: string }> {
      return { publicKey: (await vapidKeys(db, options)).publicKey };
    },

    async list(ctx: RequestContext): Promise<PushSubscriptionInfo[]> {
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, ctx.actor.userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
      return rows.map(toItem);
    },

    /**
     * Subscribes the caller's browser: by its endpoint, so the same browser again (after a sign-in as
     * someone else too) is one row, now the caller's, with the keys it gives now.
     */
    async subscribe(ctx: RequestContext, input: PushSubscriptionCreate, userAgent: string | null): Promise<PushSubscriptionInfo> {
      if (endpointRefusal(input.endpoint, options)) throw invalid('endpoint', 'format');
      if (!isP256PublicKey(input.keys.p256dh)) throw invalid('keys.p256dh', 'format');
      const values = {
        userId: ctx.actor.userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: (input.userAgent ?? userAgent)?.slice(0, 300) || null,
        createdAt: new Date(),
        lastSentAt: null,
        failures: 0,
      };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
          .returning();
        if (!row) throw new Error('the subscription was not stored');
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, ctx.actor.userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, ctx.actor.userId), notInArray(pushSubscriptions.id, kept)));
        return toItem(row);
      });
    },

    /** Ends one of the caller's subscriptions; false when the caller has none by that id. */
    async remove(ctx: RequestContext, id: number): Promise<boolean> {
      const gone = await db.delete(pushSubscriptions).where(own(ctx, id)).returning({ id: pushSubscriptions.id });
      return gone.length > 0;
    },

    /** Sends the test message to one of the caller's subscriptions; null when the caller has none by that id. */
    async test(ctx: RequestContext, id: number): Promise<PushOutcome | null> {
      const [row] = await db.select().from(pushSubscriptions).where(own(ctx, id));
      if (!row) return null;
      return outcomeOf([await pushTo(db, row, TEST_MESSAGE[ctx.lang], options)]);
    },
  };
}
