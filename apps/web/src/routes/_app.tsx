import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../app/layout/app-layout.tsx';
import { loadAppTexts } from '../lib/i18n.ts';
import { hasValidLogin, signInHref } from '../lib/session.ts';
import { settingsKeys } from '../lib/settings.ts';

/** Every screen but login and 404 sits under this layout (original §2). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    // Before each navigation: check the stored login, then reload the layout configuration.
    if (!hasValidLogin()) throw redirect({ href: signInHref(location.href), reloadDocument: true });
    void context.queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    // The screens' texts (a chunk apart from the sign-in page's), once.
    await loadAppTexts();
  },
  component: AppLayout,
});
