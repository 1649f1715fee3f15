import { createFileRoute, notFound } from '@tanstack/react-router';
import { CityEditPage } from '../../../features/cities/city-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { citiesApi } from '../../../lib/resources.ts';

const idOf = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_app/cities/edit/$id')({
  beforeLoad: () => requirePermission('cities.update'),
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(citiesApi.detail(id));
    return { id };
  },
  component: function CityEditRoute() {
    const { id } = Route.useLoaderData();
    return <CityEditPage id={id} />;
  },
});
