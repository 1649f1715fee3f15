import './app/styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers.tsx';
import { logCaughtError } from './app/route-error.tsx';
import { i18nReady } from './lib/i18n.ts';
import { registerAppWorkerAfterLoad } from './lib/service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('[kovanica-web] #root is missing from index.html');
// The first paint waits for the one dictionary it shows (a small chunk, fetched beside the entry's).
// Should the chunk fail to load, the app still starts (its texts show as keys) and can recover.
void i18nReady.finally(() =>
  createRoot(root, { onCaughtError: logCaughtError }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
// The app shell offline and the push messages (decision 0054).
registerAppWorkerAfterLoad();
