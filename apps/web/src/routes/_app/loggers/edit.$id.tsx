import { createFileRoute, notFound } from '@tanstack/react-router';
import { LoggerEditPage } from '../../../features/loggers/logger-pages.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { loggersApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/loggers/edit/$id')({
  beforeLoad: () => requirePermission('loggers.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(loggersApi.detail(id));
    return { id };
  },
  component: function LoggerEditRoute() {
    const { id } = Route.useLoaderData();
    return <LoggerEditPage id={id} />;
  },
});
