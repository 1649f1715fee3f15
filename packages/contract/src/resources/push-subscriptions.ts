import { z } from 'zod';
import { collectionOf, itemMeta } from '../api.ts';

/**
 * Push messages to a browser or phone (Web Push, decision 0050): a person turns them on in a browser,
 * which asks its push service for a subscription (an endpoint and the keys a message is encrypted
 * with) and hands it to the server. One's own subscriptions only: nobody else lists, tests or ends them.
 */

/** The longest endpoint taken: the push services' are about 200–500 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Unpadded base64url (RFC 4648 §5), as `PushSubscription.toJSON()` gives the keys; a trailing `=` padding is tolerated. */
const base64url = (chars: number, padding: string) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}(${padding})?$`), { error: 'format' });

export const pushSubscriptionItem = z.object({
  ...itemMeta,
  /** Where the push service takes messages for this browser: the owner's to see, to tell which browser it is. */
  endpoint: z.string(),
  /** The push service's host (`fcm.googleapis.com`, `updates.push.services.mozilla.com`, `web.push.apple.com`). */
  pushService: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** The last message the push service took for it; null: none yet. */
  lastSentAt: z.string().nullable(),
  /** Sends the push service refused since the last one it took (a 404 or 410 ends the subscription instead). */
  failures: z.number().int(),
});
/** Named apart from the browser's own `PushSubscription`. */
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionItem>;
export const pushSubscriptionCollection = collectionOf(pushSubscriptionItem);

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it, and the browser's name. The endpoint must be an https: URL of a push service (the server refuses others:
 * it sends there).
 */
export const pushSubscriptionCreate = z.strictObject({
  endpoint: z
    .string()
    .trim()
    .max(PUSH_ENDPOINT_MAX_LENGTH)
    .pipe(z.url({ protocol: /^https?$/, error: 'format' })),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes: 87 characters). */
    p256dh: base64url(87, '='),
    /** The browser's 16-byte authentication secret (22 characters). */
    auth: base64url(22, '=='),
  }),
  userAgent: z.string().trim().max(300).nullable().optional(),
  /** As `toJSON()` gives it; not kept (a push service that ends a subscription says so with 404 or 410). */
  expirationTime: z.number().int().min(0).nullable().optional(),
});
export type PushSubscriptionCreate = z.infer<typeof pushSubscriptionCreate>;

/** The server's VAPID public key (base64url, 65 bytes), the `applicationServerKey` of `pushManager.subscribe`. */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** What a send did: messages the push services took, sends they refused, subscriptions they had ended (removed). */
export const pushOutcome = z.object({ sent: z.number().int(), failed: z.number().int(), removed: z.number().int() });
export type PushOutcome = z.infer<typeof pushOutcome>;
