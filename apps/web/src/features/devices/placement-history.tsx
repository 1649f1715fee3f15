import { useTranslation } from 'react-i18next';
import { PlacementTable } from '../../components/placement-table.tsx';
import { Portlet } from '../../components/portlet.tsx';

/** Where the device has stood, newest first, on its edit page. */
export function PlacementHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const title = t('resources.devices.sections.placements');
  return (
    <Portlet title={title}>
      <PlacementTable deviceId={deviceId} title={title} />
    </Portlet>
  );
}
