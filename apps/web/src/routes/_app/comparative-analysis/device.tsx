import { createFileRoute } from '@tanstack/react-router';
import { ComparativePage } from '../../../features/comparative-analysis/comparative-page.tsx';
import { comparativeSearch } from '../../../features/comparative-analysis/comparative-search.ts';
import { gateComparative } from '../../../features/comparative-analysis/gate.ts';

export const Route = createFileRoute('/_app/comparative-analysis/device')({
  validateSearch: comparativeSearch('device'),
  beforeLoad: gateComparative,
  component: function ComparativeDevicePage() {
    return <ComparativePage subject="device" />;
  },
});
