import { createFileRoute } from '@tanstack/react-router';
import { ComparativePage } from '../../../features/comparative-analysis/comparative-page.tsx';
import { comparativeSearch } from '../../../features/comparative-analysis/comparative-search.ts';
import { gateComparative } from '../../../features/comparative-analysis/gate.ts';

export const Route = createFileRoute('/_app/comparative-analysis/location')({
  validateSearch: comparativeSearch('location'),
  beforeLoad: gateComparative,
  component: function ComparativeLocationPage() {
    return <ComparativePage subject="location" />;
  },
});
