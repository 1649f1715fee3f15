import { parseIri } from '@kovanica/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceStateBadges } from '../../components/device-state.tsx';
import { NavigateLinks } from '../../components/navigate-links.tsx';
import { ReferenceLabel } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import classes from './devices-map.module.css';
import type { MapDevice, MapState, Place } from './map-state.ts';
import { cssColour } from './state-colours.ts';

/** The colour of a state, as on the markers; never alone: a state's name goes with it. */
export function StateDot({ state }: { state: MapState }) {
  return <span className={classes.dot} style={{ background: cssColour(state) }} aria-hidden />;
}

/** A location's name, a link to its page for those who may edit it; underlined, as it may sit inside a sentence. */
export function LocationLink({ id, name }: { id: number | null; name: string }) {
  const { can } = useAccess();
  if (id === null || !can('locations.update')) return <>{name}</>;
  return (
    <Anchor inherit underline="always" renderRoot={(props) => <Link to="/locations/edit/$id" params={{ id: String(id) }} {...props} />}>
      {name}
    </Anchor>
  );
}

/** One device: its name (a link to its page for those who may edit it) and its state in words. */
export function DeviceLine({ entry, children }: { entry: MapDevice; children?: ReactNode }) {
  const { can } = useAccess();
  const { device } = entry;
  return (
    <li className={classes.deviceLine}>
      <Text size="sm" fw={500}>
        {can('devices.update') ? (
          <Anchor inherit renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(device.id) }} {...props} />}>
            {device.name}
          </Anchor>
        ) : (
          device.name
        )}
      </Text>
      {children}
      <DeviceStateBadges state={device.state} />
    </li>
  );
}

/** A location's devices, worst first; the popup also names the location (and its company in All Companies). */
export function PlaceDevices({ place, wide, heading }: { place: Place; wide: boolean; heading?: boolean }) {
  const { t } = useTranslation();
  const { location } = place;
  return (
    <Stack gap={6} className={classes.place}>
      {heading && (
        <div>
          <Text fw={700} size="sm" className={classes.placeName}>
            <StateDot state={place.state} /> <LocationLink id={location.id} name={location.name} />
          </Text>
          <Text size="xs" c="dimmed">
            {[location.cityName, location.street].filter(Boolean).join(', ')}
            {wide && (
              <>
                {' · '}
                <ReferenceLabel api={companiesApi} value={location.company} />
              </>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {t('resources.devices.map.placeSummary', {
              count: place.devices.length,
              state: t(`resources.devices.map.states.${place.state}`),
            })}
          </Text>
          <NavigateLinks point={{ lat: place.latitude, lng: place.longitude }} name={location.name} size="xs" />
        </div>
      )}
      <ul className={classes.devices} aria-label={t('resources.devices.map.devicesAt', { location: location.name })}>
        {place.devices.map((entry) => (
          <DeviceLine key={entry.device.id} entry={entry} />
        ))}
      </ul>
    </Stack>
  );
}

export const locationIdOf = (iri: string | null) => (iri ? parseIri('locations', iri) : null);
