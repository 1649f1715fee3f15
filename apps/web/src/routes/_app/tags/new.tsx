import { createFileRoute } from '@tanstack/react-router';
import { tagPages } from '../../../features/tags/tag-form.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { tagsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/tags/new')(newRoute(tagsApi, tagPages.New));
