import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../app/layout/app-layout.tsx';
import { hasValidLogin } from '../lib/session.ts';
import { settingsKeys } from '../lib/settings.ts';

/** Every screen but login and 404 sits under this layout (original §2). */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    // Before each navigation: check the stored login, then reload the layout configuration.
    if (!hasValidLogin()) throw redirect({ to: '/login', search: { redirect: location.href } });
    void context.queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  },
  component: AppLayout,
});
