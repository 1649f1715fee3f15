import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/providers.tsx';
import { i18nReady } from './lib/i18n.ts';

// No `new Function` in zod's object parsers: the CSP forbids eval, and zod's probe for it logs a
// violation on every page (decision 0016). Set before any schema parses.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('[kovanica-web] #root is missing from index.html');
// The first paint waits for the one dictionary it shows (a small chunk, fetched beside the entry's).
// Should the chunk fail to load, the app still starts (its texts show as keys) and can recover.
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
