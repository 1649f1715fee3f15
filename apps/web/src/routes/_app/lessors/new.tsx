import { createFileRoute } from '@tanstack/react-router';
import { LessorNewPage } from '../../../features/lessors/lessor-form.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { lessorsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/lessors/new')(newRoute(lessorsApi, LessorNewPage));
