import { createFileRoute } from '@tanstack/react-router';
import { ProfileOverviewPage } from '../../../features/profile/profile-overview-page.tsx';

export const Route = createFileRoute('/_app/profile/overview')({ component: ProfileOverviewPage });
