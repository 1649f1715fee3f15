import { formatTime } from '@kovanica/contract';
import { Accordion, ActionIcon, Alert, Anchor, Button, Chip, Group, Skeleton, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconFocusCentered, IconMapPin } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapTiles } from '../../components/map/use-map-tiles.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { isApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import classes from './devices-map.module.css';
import { type FillLevel, fillCss, fillLevelOf, fillLevels, fillSummary, fullestOf } from './fill-levels.ts';
import { type Fleet, filterFleet, type MapState, mapStates, type Place, pickedStates, searchOf, type Unplaced } from './map-state.ts';
import type { ColourBy, MapHandle } from './map-view.tsx';
import { DeviceLine, LocationLink, locationIdOf, PlaceDevices, StateDot } from './place-devices.tsx';
import { useFleet } from './use-fleet.ts';

/** Leaflet and the bundled outline load with the map, after the page's own chunk. */
const MapView = lazy(() => import('./map-view.tsx'));

const route = getRouteApi('/_app/devices/map');
const k = (key: string) => `resources.devices.map.${key}`;

/** The legend and the state filter in one: each state's colour, name and device count; none picked shows all. */
function StateFilter({
  counts,
  picked,
  onChange,
}: {
  counts: Fleet['counts'];
  picked: MapState[];
  onChange: (states: MapState[]) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const total = mapStates.reduce((n, s) => n + counts[s], 0);
  return (
    <Group gap="xs" mb="md" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mr={4}>
        {t(k('filterLabel'))}
      </Text>
      <Chip checked={picked.length === 0} onChange={() => onChange([])} variant="outline">
        {t(k('all'))} · {total}
      </Chip>
      {mapStates.map((state) => (
        <Chip
          key={state}
          checked={picked.includes(state)}
          onChange={(on) => onChange(on ? [...picked, state] : picked.filter((s) => s !== state))}
          variant="outline"
          className={classes.legendChip}
        >
          <StateDot state={state} /> {t(k(`states.${state}`))} · {counts[state]}
        </Chip>
      ))}
    </Group>
  );
}

/** What each colour of the cash box layer means: the fullest box of a location, by its fill. */
function FillLegend() {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Group gap="md" mb="md" role="group" aria-labelledby={labelId} data-testid="fill-legend">
      <Text id={labelId} size="sm" fw={500}>
        {t(k('fill.legend'))}
      </Text>
      {fillLevels.map((level: FillLevel) => (
        <Group key={level} gap={6} wrap="nowrap" data-level={level}>
          <span className={classes.dot} style={{ background: fillCss(level) }} aria-hidden />
          <Text size="sm">{t(k(`fill.levels.${level}`))}</Text>
        </Group>
      ))}
    </Group>
  );
}

function PlacesList({
  places,
  wide,
  onShow,
  colourBy,
}: {
  places: Place[];
  wide: boolean;
  onShow: (place: Place) => void;
  colourBy: ColourBy;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  if (places.length === 0) return <Text c="dimmed">{t(k('noneInStates'))}</Text>;
  return (
    // Scrolls on its own beside the map; its buttons bring each item into view for keyboard users.
    <div className={classes.placeList}>
      <Accordion chevronPosition="right" variant="default">
        {places.map((place) => (
          <Accordion.Item key={place.location.id} value={String(place.location.id)}>
            <Accordion.Control
              icon={
                colourBy === 'fill' ? (
                  <span className={classes.dot} style={{ background: fillCss(fillLevelOf(fullestOf([place]))) }} aria-hidden />
                ) : (
                  <StateDot state={place.state} />
                )
              }
            >
              <Text size="sm" fw={500}>
                {place.location.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(k('placeSummary'), { count: place.devices.length, state: t(k(`states.${place.state}`)) })}
                {colourBy === 'fill' && ` · ${fillSummary(t, fullestOf([place]))}`}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <PlaceDevices place={place} wide={wide} />
                <Group gap="sm">
                  <Button size="xs" variant="light" leftSection={<IconMapPin size={14} aria-hidden />} onClick={() => onShow(place)}>
                    {t(k('showOnMap'))}
                  </Button>
                  {can('locations.update') && (
                    <Anchor
                      size="sm"
                      renderRoot={(props) => <Link to="/locations/edit/$id" params={{ id: String(place.location.id) }} {...props} />}
                    >
                      {t(k('openLocation'))}
                    </Anchor>
                  )}
                </Group>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </div>
  );
}

function UnplacedList({ devices }: { devices: Unplaced[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(k('notOnMapText'))}
      </Text>
      {devices.length === 0 ? (
        <Text size="sm">{t(k('allPlaced'))}</Text>
      ) : (
        <ul className={classes.devices} aria-label={t(k('notOnMap'), { count: devices.length })}>
          {devices.map((entry) => (
            <DeviceLine key={entry.device.id} entry={entry}>
              <Text size="xs" c="dimmed">
                {entry.reason === 'no_location' ? (
                  t(k('noLocation'))
                ) : (
                  <>
                    {t(k('noCoordinates'))} <LocationLink id={locationIdOf(entry.device.location)} name={entry.device.locationName ?? ''} />
                  </>
                )}
              </Text>
            </DeviceLine>
          ))}
        </ul>
      )}
    </Stack>
  );
}

/** `/devices/map`: every location with coordinates as a circle in the colour of its worst device state. */
export function DevicesMapPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const wide = view === 'all';
  const problemsOnly = search.problems === true;
  const { fleet, total, read, error, updatedAt } = useFleet(problemsOnly);
  const tiles = useMapTiles();
  const [colourBy, setColourBy] = useState<ColourBy>('state');
  const picked = useMemo(() => pickedStates(search), [search]);
  const shown = useMemo(() => filterFleet(fleet ?? emptyFleet, new Set(picked.length > 0 ? picked : mapStates)), [fleet, picked]);
  const mapHandle = useRef<MapHandle>(null);
  const mapFrame = useRef<HTMLDivElement>(null);
  const title = t(k('title'));
  const errorText = (isApiError(error) && error.userMessage) || t('errors.genericText');

  // The location to show, until the map has shown it (it may still be loading when the list is clicked).
  const [showing, setShowing] = useState<number | null>(null);
  const onShown = useCallback(() => setShowing(null), []);
  const show = (place: Place) => {
    mapFrame.current?.scrollIntoView({ block: 'nearest' });
    setShowing(place.location.id);
  };

  return (
    <>
      {/* The subtitle's line is there from the first render ("… last at …" until the first answer), so the map does not move down when it comes. */}
      <PageHeader title={title} subtitle={t(k('subtitle'), { time: updatedAt ? formatTime(updatedAt) : '…' })} />
      {error !== null && (
        <Alert color={fleet ? 'yellow' : 'red'} role="alert" mb="md">
          {fleet ? t(k('refreshFailed'), { time: formatTime(updatedAt) }) : errorText}
        </Alert>
      )}
      {total > read && (
        <Alert color="yellow" mb="md">
          {t(k('capped'), { count: read, total })}
        </Alert>
      )}
      {problemsOnly && fleet && (
        <Alert color="orange" variant="light" mb="md" data-testid="map-problems-only">
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm">{t(k('problemsOnly'), { count: mapStates.reduce((n, s) => n + fleet.counts[s], 0) })}</Text>
            <Anchor size="sm" renderRoot={(props) => <Link to="/devices/map" search={searchOf(picked)} {...props} />}>
              {t(k('showEvery'))}
            </Anchor>
          </Group>
        </Alert>
      )}
      <StateFilter
        counts={fleet?.counts ?? emptyFleet.counts}
        picked={picked}
        onChange={(states) => void navigate({ search: searchOf(states, problemsOnly), replace: true })}
      />
      <Switch
        mb="md"
        label={t(k('fill.switch'))}
        description={t(k('fill.switchHint'))}
        checked={colourBy === 'fill'}
        onChange={(event) => setColourBy(event.currentTarget.checked ? 'fill' : 'state')}
      />
      {colourBy === 'fill' && <FillLegend />}
      <div className={classes.layout}>
        <div className={classes.mapFrame} ref={mapFrame}>
          {fleet ? (
            <Suspense fallback={<Skeleton className={classes.map} radius={0} />}>
              <MapView
                places={shown.places}
                fitKey={`${view}|${search.state ?? ''}|${problemsOnly}`}
                wide={wide}
                showing={showing}
                onShown={onShown}
                handle={mapHandle}
                tiles={tiles ?? null}
                colourBy={colourBy}
              />
            </Suspense>
          ) : (
            <Skeleton className={classes.map} radius={0} />
          )}
          <Tooltip label={t(k('fitAll'))} position="right">
            <ActionIcon
              className={classes.fitAll}
              variant="default"
              size="lg"
              aria-label={t(k('fitAll'))}
              onClick={() => mapHandle.current?.fitAll()}
            >
              <IconFocusCentered size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </div>
        <div className={classes.side}>
          <Portlet title={t(k('onMap'), { count: shown.places.length })}>
            {!fleet ? (
              <Skeleton height={120} />
            ) : read === 0 ? (
              <Text c="dimmed">{t('resources.devices.noDevices')}</Text>
            ) : (
              <PlacesList places={shown.places} wide={wide} onShow={show} colourBy={colourBy} />
            )}
          </Portlet>
          {fleet && read > 0 && (
            <Portlet title={t(k('notOnMap'), { count: shown.unplaced.length })}>
              <UnplacedList devices={shown.unplaced} />
            </Portlet>
          )}
        </div>
      </div>
    </>
  );
}

const emptyFleet: Fleet = { places: [], unplaced: [], counts: { critical: 0, offline: 0, service: 0, problematic: 0, ok: 0 } };
