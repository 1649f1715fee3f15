import { createFileRoute } from '@tanstack/react-router';
import { SettingsMainPage } from '../../../features/settings/settings-main-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { settingsQuery } from '../../../lib/settings-query.ts';

// Only admins may change platform settings; others get a refusal page, not a blank one.
export const Route = createFileRoute('/_app/settings/main')({
  beforeLoad: () => requirePermission('settings.update'),
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQuery()),
  component: SettingsMainPage,
});
