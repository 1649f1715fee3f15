import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadRecord } from '../../../lib/missing-record.ts';
import { gate } from '../../../lib/resource-routes.tsx';

const Page = lazyRouteComponent(async () => ({ default: (await import('../../../features/mail/mail-page.tsx')).MailPage }));

/** One mail of the outbox, read-only: its text and its HTML (sandboxed). */
export const Route = createFileRoute('/_app/settings/outbox/$id')({
  beforeLoad: () => gate('mails', 'read'),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const { mailsApi } = await import('../../../lib/apis/mails.ts');
    await Promise.all([
      loadRecord('mails', '/settings/outbox', () => context.queryClient.ensureQueryData(mailsApi.detail(id))),
      Page.preload?.(),
    ]);
    return { id };
  },
  component: function MailRoute() {
    const { id } = Route.useLoaderData();
    return <Page id={id} />;
  },
});
