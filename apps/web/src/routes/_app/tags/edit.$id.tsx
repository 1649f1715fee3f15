import { createFileRoute } from '@tanstack/react-router';
import { tagPages } from '../../../features/tags/tag-form.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { tagsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/tags/edit/$id')(editRoute(tagsApi, tagPages.Edit));
