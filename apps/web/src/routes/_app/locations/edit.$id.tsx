import { createFileRoute, notFound } from '@tanstack/react-router';
import { LocationEditPage } from '../../../features/locations/location-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { locationsApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/locations/edit/$id')({
  beforeLoad: () => requirePermission('locations.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(locationsApi.detail(id));
    return { id };
  },
  component: function LocationEditRoute() {
    const { id } = Route.useLoaderData();
    return <LocationEditPage id={id} />;
  },
});
