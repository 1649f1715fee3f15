import { parseIri } from '@kovanica/contract';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { PlacementTable } from '../../components/placement-table.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { deviceLabel } from './filters.tsx';
import classes from './placements-page.module.css';

const stem = 'resources.placements';
const f = (field: string) => `${stem}.fields.${field}`;

interface PlacementsPageProps {
  /** The chosen device's IRI, from the URL (`?device=/api/v2/devices/3`), so a link shows the same history. */
  device: string | null;
  onDeviceChange: (device: string | null) => void;
}

/** `/devices/locations`: where one device has stood, newest stay first (original §2). */
export function PlacementsPage({ device, onDeviceChange }: PlacementsPageProps) {
  const { t } = useTranslation();
  const id = device ? parseIri('devices', device) : null;
  const title = t(`${stem}.name`);
  return (
    <>
      <PageHeader title={title} subtitle={t(`${stem}.subtitle`)} />
      <Paper withBorder shadow="xs" radius="md" className={classes.card}>
        <ReferenceSelect
          api={devicesApi}
          optionLabel={deviceLabel}
          label={t(f('device'))}
          placeholder={t(`${stem}.pickPlaceholder`)}
          value={id === null ? null : device}
          onChange={onDeviceChange}
          clearable
          className={classes.picker}
        />
        {id === null ? <Text c="dimmed">{t(`${stem}.pick`)}</Text> : <PlacementTable deviceId={id} title={title} />}
      </Paper>
    </>
  );
}
