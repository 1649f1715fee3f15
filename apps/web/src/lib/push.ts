import {
  API_BASE,
  type PushOutcome,
  type PushSubscriptionInfo,
  pushOutcome,
  pushPublicKey,
  pushSubscriptionCollection,
  pushSubscriptionItem,
} from '@kovanica/contract';
import { apiRequest, isApiError } from './api.ts';
import { registerAppWorker } from './service-worker.ts';

/**
 * Push messages on this device (decision 0050): the browser's side of Web Push. The service worker
 * (`src/sw.js`) shows what arrives; these helpers turn it on (permission, service worker,
 * subscription with the server's VAPID key, handed to the server) and off again.
 */

/** Where this browser stands: no Web Push at all, notifications refused in the browser's settings, off, or on. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** The browser refused notifications (the user said no, now or before): only its site settings can undo it. */
export class PushBlockedError extends Error {
  constructor() {
    super('notifications are blocked for this site');
    this.name = 'PushBlockedError';
  }
}

/**
 * Whether this browser can take push messages: a secure page (https or localhost) with service
 * workers, the Push API and notifications (Safari on an iPhone only for the app added to the home screen).
 */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Registers the service worker for the whole app and waits until it is active. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await registerAppWorker();
  return navigator.serviceWorker.ready;
}

/** A base64url text (the server's VAPID public key) as bytes, as `pushManager.subscribe` takes it. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether a browser subscription was made with this VAPID public key. */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const expected = bytesOf(publicKey);
  const actual = new Uint8Array(key);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}

/** This browser's push subscription, if it has one (without registering anything). */
async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The caller's own subscriptions (every browser and phone they turned push messages on in). */
export async function ownPushSubscriptions(signal?: AbortSignal): Promise<PushSubscriptionInfo[]> {
  return (await apiRequest('/push-subscriptions', { schema: pushSubscriptionCollection, signal })).member;
}

/**
 * Where this browser stands, and the server's record of its subscription when push is on. A browser
 * subscription the server does not know (removed there, or made by someone signed in before) is off:
 * turning it on hands it over again.
 */
export async function pushStatus(signal?: AbortSignal): Promise<{ state: PushState; subscription: PushSubscriptionInfo | null }> {
  if (!pushSupported()) return { state: 'unsupported', subscription: null };
  if (Notification.permission === 'denied') return { state: 'blocked', subscription: null };
  const browser = await browserSubscription();
  if (!browser || Notification.permission !== 'granted') return { state: 'off', subscription: null };
  const subscription = (await ownPushSubscriptions(signal)).find((s) => s.endpoint === browser.endpoint) ?? null;
  return { state: subscription ? 'on' : 'off', subscription };
}

/**
 * Turns push messages on in this browser: asks for the permission to notify (throws `PushBlockedError`
 * when refused), registers the service worker, subscribes with the server's VAPID public key (a
 * subscription made with another key is replaced) and hands the subscription to the server.
 */
export async function subscribeToPush(): Promise<PushSubscriptionInfo> {
  if (!pushSupported()) throw new Error('push messages are not supported in this browser');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError();
  const registration = await registerServiceWorker();
  const { publicKey } = await apiRequest('/push-subscriptions/key', { schema: pushPublicKey });
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWith(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  return apiRequest('/push-subscriptions', {
    method: 'POST',
    body: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth }, userAgent: navigator.userAgent.slice(0, 300) },
    schema: pushSubscriptionItem,
  });
}

/** The API path of a subscription (`/push-subscriptions/7`), from its IRI. */
const pathOf = (subscription: PushSubscriptionInfo) => subscription['@id'].slice(API_BASE.length);

/**
 * Turns push messages off in this browser: the server forgets the subscription, and the browser ends
 * it. One the server had already forgotten is ended in the browser all the same.
 */
export async function unsubscribeFromPush(subscription: PushSubscriptionInfo | null): Promise<void> {
  if (subscription) {
    await apiRequest(pathOf(subscription), { method: 'DELETE' }).catch((error: unknown) => {
      if (!(isApiError(error) && error.status === 404)) throw error;
    });
  }
  await (await browserSubscription())?.unsubscribe();
}

/** Sends the test message to a subscription: whether its push service took it. */
export function sendTestPush(subscription: PushSubscriptionInfo): Promise<PushOutcome> {
  return apiRequest(`${pathOf(subscription)}/test`, { method: 'POST', schema: pushOutcome });
}
