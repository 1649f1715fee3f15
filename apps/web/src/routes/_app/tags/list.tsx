import { createFileRoute } from '@tanstack/react-router';
import { TagsListPage } from '../../../features/tags/tags-list-page.tsx';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { tagsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/tags/list')(listRoute(tagsApi, TagsListPage));
