/**
 * The app's service worker (`src/sw.js`, built to `/sw.js`; decision 0054): the app shell offline and
 * the push messages (decision 0050). Registered once the page has loaded, so its install (which
 * fetches the whole app shell) does not compete with the first paint; a built app only (the
 * development server serves no worker).
 */
export function registerAppWorker(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** Registers the service worker after the page's load, where the browser has them; a failure is only logged. */
export function registerAppWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void registerAppWorker().catch((error: unknown) => console.warn('[kovanica-web] the service worker was not registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
