import { createFileRoute } from '@tanstack/react-router';
import { DepositsListPage } from '../../../features/deposits/deposits-list-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { depositsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/deposits/list')(listRoute(depositsApi, DepositsListPage));
