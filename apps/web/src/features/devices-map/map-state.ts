import type { Device, DeviceState, Location } from '@kovanica/contract';

/**
 * What a device's marker says, worst first (docs/rules.md, "Devices map"): a critical alarm, then a
 * logger not heard from, then service mode, then the problems of a device that is working, then ok.
 */
export const mapStates = ['critical', 'offline', 'service', 'problematic', 'ok'] as const;
export type MapState = (typeof mapStates)[number];

const rank = (state: MapState) => mapStates.indexOf(state);

/** The one state a device counts under on the map: the worst that applies. */
export function mapStateOf(state: DeviceState): MapState {
  if (state.critical) return 'critical';
  if (!state.online) return 'offline';
  if (state.serviceMode) return 'service';
  if (state.problems.length > 0) return 'problematic';
  return 'ok';
}

export const worstOf = (states: Iterable<MapState>): MapState => {
  let worst: MapState = 'ok';
  for (const state of states) if (rank(state) < rank(worst)) worst = state;
  return worst;
};

export interface MapDevice {
  device: Device;
  state: MapState;
}

/** A location with coordinates and its devices, worst first; its marker takes the worst state. */
export interface Place {
  location: Location;
  latitude: number;
  longitude: number;
  devices: MapDevice[];
  state: MapState;
}

/** A device that cannot be drawn: at no location, or at one without coordinates. */
export interface Unplaced extends MapDevice {
  reason: 'no_location' | 'no_coordinates';
}

export interface Fleet {
  places: Place[];
  unplaced: Unplaced[];
  /** Devices per state, placed or not. */
  counts: Record<MapState, number>;
}

const byStateThenName = (a: MapDevice, b: MapDevice) => rank(a.state) - rank(b.state) || a.device.name.localeCompare(b.device.name);
const placeOrder = (a: Place, b: Place) => rank(a.state) - rank(b.state) || a.location.name.localeCompare(b.location.name);

/** Puts every device at its location's coordinates, or in the list of those that cannot be placed. */
export function placeFleet(devices: readonly Device[], locations: readonly Location[]): Fleet {
  const locationsByIri = new Map(locations.map((l) => [l['@id'], l]));
  const atLocation = new Map<string, MapDevice[]>();
  const unplaced: Unplaced[] = [];
  const counts = Object.fromEntries(mapStates.map((s) => [s, 0])) as Record<MapState, number>;

  for (const device of devices) {
    const entry: MapDevice = { device, state: mapStateOf(device.state) };
    counts[entry.state]++;
    const location = device.location ? locationsByIri.get(device.location) : undefined;
    if (!device.location) unplaced.push({ ...entry, reason: 'no_location' });
    // A location missing from the list (it changed between the two reads) cannot be placed either.
    else if (location?.latitude == null || location.longitude == null) unplaced.push({ ...entry, reason: 'no_coordinates' });
    else atLocation.set(location['@id'], [...(atLocation.get(location['@id']) ?? []), entry]);
  }

  const places: Place[] = [];
  for (const [iri, entries] of atLocation) {
    const location = locationsByIri.get(iri) as Location;
    entries.sort(byStateThenName);
    places.push({
      location,
      latitude: location.latitude as number,
      longitude: location.longitude as number,
      devices: entries,
      state: worstOf(entries.map((e) => e.state)),
    });
  }
  places.sort(placeOrder);
  unplaced.sort(byStateThenName);
  return { places, unplaced, counts };
}

/**
 * The fleet as the state filter shows it: only devices in the chosen states; a place shows (with the
 * worst of those and their count) when any of its devices does.
 */
export function filterFleet(fleet: Fleet, shown: ReadonlySet<MapState>): Pick<Fleet, 'places' | 'unplaced'> {
  const places: Place[] = [];
  for (const place of fleet.places) {
    const devices = place.devices.filter((d) => shown.has(d.state));
    if (devices.length > 0) places.push({ ...place, devices, state: worstOf(devices.map((d) => d.state)) });
  }
  places.sort(placeOrder);
  return { places, unplaced: fleet.unplaced.filter((d) => shown.has(d.state)) };
}

/**
 * Whether a device is problematic as the dashboard counts it (the server's `fleetFigures`): not
 * critical, with a problem (offline while its location is open, no revenue, a deposit difference),
 * whatever else it is. On the map it is marked by its worst state (offline, service mode, problematic).
 */
export const isProblematic = (device: Device) => !device.state.critical && device.state.problems.length > 0;

/**
 * `/devices/map?state=critical,offline`: the states shown, worst first; left out, all of them.
 * `problems=true` (the dashboard's link) narrows the map to the problematic devices first.
 */
export interface DevicesMapSearch {
  state?: string;
  problems?: true;
}

const statesIn = (value: unknown): MapState[] => {
  const given = typeof value === 'string' ? value.split(',') : [];
  return mapStates.filter((s) => given.includes(s));
};

/** The route's `validateSearch`: unknown states are dropped, so an old or hand-edited link still opens. */
export function devicesMapSearch(raw: Record<string, unknown>): DevicesMapSearch {
  return searchOf(statesIn(raw.state), raw.problems === true || raw.problems === 'true');
}

/** The search that picks these states; picking all of them, or none, leaves the parameter out. */
export function searchOf(states: readonly MapState[], problems = false): DevicesMapSearch {
  const state = mapStates.filter((s) => states.includes(s));
  return {
    ...(state.length > 0 && state.length < mapStates.length ? { state: state.join(',') } : {}),
    ...(problems ? { problems: true as const } : {}),
  };
}

/** The states a search picks; none picked shows them all. */
export const pickedStates = (search: DevicesMapSearch): MapState[] => statesIn(search.state);
