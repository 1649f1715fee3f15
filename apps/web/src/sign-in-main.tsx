import './app/styles.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Themed } from './app/themed.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { safeRedirect } from './features/auth/safe-redirect.ts';
import { i18n, i18nReady } from './lib/i18n.ts';
import { hasValidLogin } from './lib/session.ts';

/**
 * The sign-in page is a page of its own (`login.html`, decision 0016): React, Mantine's few components
 * and the one dictionary, without the router, the route tree and the screens' code, so that a user
 * signing in on a phone waits for little. Signed in, it hands over to the app with a page load.
 */
// The language select and the session's work read answers through a query client of the page's own.
const queryClient = new QueryClient();
const redirect = new URLSearchParams(window.location.search).get('redirect') ?? undefined;

const root = document.getElementById('root');
if (!root) throw new Error('[kovanica-web] #root is missing from login.html');
// Already signed in (another tab, the back button): straight on to where the user was going.
if (hasValidLogin()) window.location.replace(safeRedirect(redirect));
else
  void i18nReady.finally(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <Themed>
            <QueryClientProvider client={queryClient}>
              <LoginPage redirect={redirect} />
            </QueryClientProvider>
          </Themed>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
