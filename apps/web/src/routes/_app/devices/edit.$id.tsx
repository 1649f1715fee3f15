import { createFileRoute, notFound } from '@tanstack/react-router';
import { DeviceEditPage } from '../../../features/devices/device-pages.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { devicesApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/devices/edit/$id')({
  beforeLoad: () => requirePermission('devices.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(devicesApi.detail(id));
    return { id };
  },
  component: function DeviceEditRoute() {
    const { id } = Route.useLoaderData();
    return <DeviceEditPage id={id} />;
  },
});
