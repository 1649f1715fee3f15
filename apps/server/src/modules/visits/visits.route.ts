import { seededRandom } from '../../core/random.ts';

/**
 * The order of a day's cash-collection visits: a start (the company's depot, or none) and the stops to
 * empty, ordered into a short route. Pure: no I/O, no state, the same input gives the same output.
 *
 * How the route is built:
 * 1. Stops at the same coordinates (several devices at one location) are one *site*: they are visited
 *    one after another, lowest id first, and the way between them counts 0 m (the distance function is
 *    not asked, nor for a stop at the start's point). The stops are taken in id order, so the order
 *    they arrive in does not change the route; every tie goes to the lower id.
 * 2. Nearest neighbour gives a first route: from the start, always on to the nearest site not yet
 *    visited. Without a start, it is built from every site in turn and the shortest is kept (on a round
 *    trip with the way back counted). Not simply from the westernmost site: for stops in one town, or
 *    along the coast, "westernmost" is an arbitrary end, and a bad first site leaves the route a long
 *    jump back that the improvement does not always undo. Every site is O(n³) (through sorted
 *    neighbour lists): ≈ 10 ms at 200 sites, ≈ 65 ms at 500 (bench `routes-plan`).
 * 3. The route is improved until no move shortens it (or `MAX_PASSES` passes): 2-opt (reverse a stretch
 *    of the route when the two new links are shorter than the two old ones) and Or-opt (move a stretch
 *    of one to three sites, either way round, between two other neighbours). Each pass takes the first
 *    improving move it finds, scanning in a fixed order.
 * 4. As the work allows (`effort`: about `EFFORT` / n² of each), step 3 is also run from other first
 *    routes (nearest neighbour with the next nearest site to the start first, or from the next best
 *    first site), and the best is kicked: a double bridge (A B C D → A C B D, which no single 2-opt or
 *    Or-opt move undoes), improved again, kept if shorter. The kicks' cuts come from a PRNG with a fixed
 *    seed, so this too gives the same route every time. Up to 58 sites every first site is tried, up to
 *    44 the best route gets 100 kicks; at 200 sites 5 and 5; from 317 sites one first route, from 448
 *    no kick (steps 1–3 only).
 *
 * It runs on the caller's thread: ≈ 25 ms for 200 stops by default, longer with more `effort`.
 *
 * The route is an open path: it ends at its last stop unless `returnToStart` (then the way back to the
 * start is part of it; with no start, back to its first stop). Both ends are handled by two fixed
 * nodes around the sites: the start (or, without one, a point 0 m from every site, so the path's first
 * site is free) and the end (the start again for a round trip, else a point 0 m from every site).
 *
 * Distances are great-circle (haversine, Earth's mean radius) by default; `distance` plugs in another
 * (a road-distance service's), in metres. It must be symmetric (the improvement reverses stretches of
 * the route): a road service's two directions should be averaged by the caller. It is asked once for
 * each pair of sites and of the start and a site.
 *
 * Coordinates are the caller's to validate; a stop or start that is not a finite latitude in [-90, 90]
 * and longitude in [-180, 180], a repeated or non-integer id, and a distance that is not a finite number
 * ≥ 0 are refused with a RangeError naming the stop.
 */

export interface Point {
  lat: number;
  lng: number;
}
export type Stop = { id: number; lat: number; lng: number };
/** Metres between two points; symmetric. */
export type Distance = (a: Point, b: Point) => number;
export interface RouteOptions {
  /** Count the way back to the start (with no start: to the first stop). Default: an open path. */
  returnToStart?: boolean;
  /** Metres between two points; default great-circle ({@link haversineMetres}). */
  distance?: Distance;
  /**
   * Work beyond one improved route, in site pairs: first routes and kicks, as many of each as fit in
   * `effort` / n² ({@link EFFORT} by default); 0: one route, 2-opt and Or-opt only.
   */
  effort?: number;
}
export interface Route {
  /** Stop ids in visiting order. */
  order: number[];
  /** The route's length (unrounded): start to the last stop, and back if `returnToStart`. */
  metres: number;
}

/** The Earth's mean radius (IUGG), metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;
/** Improvement passes at most: a pass is one 2-opt and one Or-opt scan (≈ 1.6 M moves looked at for 500 sites). */
export const MAX_PASSES = 60;
/**
 * The default `effort`: the first routes improved, and the kicks of the best, are each as many as fit
 * in about this many site pairs (one improvement looks at a few times n² moves), at least one route.
 */
export const EFFORT = 200_000;
/** Kicks at most (step 4), whatever the effort. */
export const MAX_KICKS = 100;
/** The seed of the kicks' PRNG: fixed, so a plan is the same every time. */
const KICK_SEED = 0x5eed;
/** An improvement shorter than this (metres) is rounding, not a shorter route. */
const EPSILON = 1e-6;
/** The most stops {@link bruteForceRoute} tries every order of (9! = 362,880 orders). */
export const BRUTE_FORCE_MAX_STOPS = 9;

/** Great-circle distance in metres (haversine). */
export function haversineMetres(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The stops at one point, ids ascending; `point` is the first of them. */
interface Site {
  point: Point;
  ids: number[];
}

/**
 * The sites and distances a route is planned over: `between` is the sites' symmetric matrix (`count` ×
 * `count`), `fromStart` each site's distance from the start (null without one).
 */
interface Layout {
  sites: Site[];
  count: number;
  between: Float64Array;
  fromStart: Float64Array | null;
  closed: boolean;
}

const validPoint = (p: Point) =>
  typeof p.lat === 'number' &&
  typeof p.lng === 'number' &&
  Number.isFinite(p.lat) &&
  Number.isFinite(p.lng) &&
  p.lat >= -90 &&
  p.lat <= 90 &&
  p.lng >= -180 &&
  p.lng <= 180;

const samePoint = (a: Point, b: Point) => a.lat === b.lat && a.lng === b.lng;

/** The stops in id order, after the guard: valid coordinates, integer ids, no id twice. */
function checkedStops(start: Point | null, stops: readonly Stop[]): Stop[] {
  if (start !== null && !validPoint(start)) throw new RangeError(`start: invalid coordinates (${start.lat}, ${start.lng})`);
  const sorted = [...stops].sort((a, b) => a.id - b.id);
  sorted.forEach((stop, i) => {
    if (!Number.isSafeInteger(stop.id)) throw new RangeError(`stop ${stop.id}: the id is not an integer`);
    if (i > 0 && sorted[i - 1].id === stop.id) throw new RangeError(`stop ${stop.id}: the id is given twice`);
    if (!validPoint(stop)) throw new RangeError(`stop ${stop.id}: invalid coordinates (${stop.lat}, ${stop.lng})`);
  });
  return sorted;
}

/** A distance as asked of `distance`, refused unless finite and ≥ 0; `a` and `b` name the two ends. */
function measured(distance: Distance, p: Point, q: Point, a: string, b: string): number {
  const metres = distance(p, q);
  if (!(Number.isFinite(metres) && metres >= 0)) throw new RangeError(`${a} to ${b}: the distance is ${metres}, not metres ≥ 0`);
  return metres;
}

/** Stops (in id order) grouped by their exact coordinates, sites in the order of their lowest id. */
function sitesOf(stops: readonly Stop[]): Site[] {
  const byPoint = new Map<string, Site>();
  for (const stop of stops) {
    const key = `${stop.lat},${stop.lng}`;
    const site = byPoint.get(key);
    if (site) site.ids.push(stop.id);
    else byPoint.set(key, { point: { lat: stop.lat, lng: stop.lng }, ids: [stop.id] });
  }
  return [...byPoint.values()];
}

function layoutOf(start: Point | null, stops: readonly Stop[], options: RouteOptions): Layout {
  const distance = options.distance ?? haversineMetres;
  const sites = sitesOf(checkedStops(start, stops));
  const count = sites.length;
  const name = (site: Site) => `stop ${site.ids[0]}`;
  const between = new Float64Array(count * count);
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const a = sites[i];
      const b = sites[j];
      const metres = measured(distance, a.point, b.point, name(a), name(b));
      between[i * count + j] = metres;
      between[j * count + i] = metres;
    }
  }
  const fromStart =
    start === null
      ? null
      : Float64Array.from(sites, (site) => (samePoint(start, site.point) ? 0 : measured(distance, start, site.point, 'start', name(site))));
  return { sites, count, between, fromStart, closed: options.returnToStart === true };
}

/**
 * The nearest-neighbour order of the sites from the start: the nearest to the start first, then always
 * on to the nearest site not visited yet, ties to the lower index.
 */
function nearestNeighbour({ count, between, fromStart }: Layout): number[] {
  const visited = new Uint8Array(count);
  const order: number[] = [];
  let current = -1;
  let best = Number.POSITIVE_INFINITY;
  for (let j = 0; j < count; j++) {
    if ((fromStart?.[j] ?? 0) < best) {
      best = fromStart?.[j] ?? 0;
      current = j;
    }
  }
  while (current >= 0) {
    visited[current] = 1;
    order.push(current);
    const row = current * count;
    let next = -1;
    best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < count; j++) {
      if (visited[j] === 0 && between[row + j] < best) {
        best = between[row + j];
        next = j;
      }
    }
    current = next;
  }
  return order;
}

/**
 * A route over the layout as a path of nodes with both ends fixed: node 0 is the start (or the point
 * 0 m from every site; for a round trip without a start, the first site, `anchor`), node n − 1 the end
 * (the start again on a round trip, else the point 0 m from every site), nodes 1 … n − 2 the other sites
 * in `inner` (site indexes) in their order. `d` is the n × n matrix of the nodes, `path` the nodes in
 * visiting order (0 … n − 1 at first).
 */
interface Path {
  n: number;
  d: Float64Array;
  path: number[];
  inner: number[];
  anchor: number;
}

function pathOf(layout: Layout, order: number[]): Path {
  const { count, between, fromStart, closed } = layout;
  const anchor = fromStart === null && closed ? (order[0] ?? -1) : -1;
  const inner = anchor >= 0 ? order.slice(1) : order;
  const n = inner.length + 2;
  const d = new Float64Array(n * n);
  // The ends' distances to a site: from the start, from the anchor, or 0.
  const head = (site: number) => (anchor >= 0 ? between[anchor * count + site] : (fromStart?.[site] ?? 0));
  const tail = (site: number) => (closed ? head(site) : 0);
  for (let k = 0; k < inner.length; k++) {
    const site = inner[k];
    const u = k + 1;
    d[u] = d[u * n] = head(site);
    d[u * n + n - 1] = d[(n - 1) * n + u] = tail(site);
    for (let l = 0; l < inner.length; l++) d[u * n + l + 1] = between[site * count + inner[l]];
  }
  return { n, d, path: Array.from({ length: n }, (_, i) => i), inner, anchor };
}

const pathMetres = ({ n, d, path }: Path) => path.reduce((sum, node, i) => (i === 0 ? 0 : sum + d[path[i - 1] * n + node]), 0);

/** One 2-opt scan: reverses `path[i..j]` wherever that shortens the path. Answers whether it did. */
function twoOptPass({ n, d, path }: Path): boolean {
  let improved = false;
  for (let i = 1; i < n - 2; i++) {
    for (let j = i + 1; j < n - 1; j++) {
      const a = path[i - 1];
      const b = path[i];
      const c = path[j];
      const e = path[j + 1];
      if (d[a * n + c] + d[b * n + e] - d[a * n + b] - d[c * n + e] < -EPSILON) {
        for (let lo = i, hi = j; lo < hi; lo++, hi--) [path[lo], path[hi]] = [path[hi], path[lo]];
        improved = true;
      }
    }
  }
  return improved;
}

/**
 * A place elsewhere in the path for `path[i..j]`, forwards or reversed, where moving it there saves
 * more than it costs: the first such link `k` (between `path[k]` and `path[k + 1]`), or null.
 */
function orOptTarget({ n, d, path }: Path, i: number, j: number): { k: number; reversed: boolean } | null {
  const before = path[i - 1];
  const first = path[i];
  const last = path[j];
  const after = path[j + 1];
  const saved = d[before * n + first] + d[last * n + after] - d[before * n + after];
  if (saved <= EPSILON) return null;
  for (let k = 0; k < n - 1; k++) {
    if (k >= i - 1 && k <= j) continue;
    const u = path[k];
    const v = path[k + 1];
    const forward = d[u * n + first] + d[last * n + v] - d[u * n + v];
    if (forward - saved < -EPSILON) return { k, reversed: false };
    const backward = d[u * n + last] + d[first * n + v] - d[u * n + v];
    if (j > i && backward - saved < -EPSILON) return { k, reversed: true };
  }
  return null;
}

/** One Or-opt scan: moves stretches of 1–3 sites wherever that shortens the path. Answers whether it did. */
function orOptPass(route: Path): boolean {
  const { n, path } = route;
  let improved = false;
  for (let length = 1; length <= 3; length++) {
    for (let i = 1; i + length - 1 < n - 1; i++) {
      const j = i + length - 1;
      const target = orOptTarget(route, i, j);
      if (!target) continue;
      const stretch = path.slice(i, j + 1);
      if (target.reversed) stretch.reverse();
      path.splice(i, length);
      path.splice(target.k < i ? target.k + 1 : target.k - length + 1, 0, ...stretch);
      improved = true;
    }
  }
  return improved;
}

/**
 * The first routes to improve, best first: nearest neighbour from the start, or from whichever site
 * gives the shortest one; then, up to `tries` in all, nearest neighbour with another site first (from
 * the start: the next nearest to it; without one: the next shortest of those routes).
 */
function firstOrders(layout: Layout, tries: number): number[][] {
  const { count, fromStart } = layout;
  if (count === 0) return [[]];
  if (fromStart !== null && tries === 1) return [nearestNeighbour(layout)];
  const nearest = neighbourLists(layout);
  const sites = Array.from({ length: count }, (_, i) => i);
  if (fromStart !== null) {
    sites.sort((a, b) => fromStart[a] - fromStart[b] || a - b);
    return sites.slice(0, tries).map((site) => nearestNeighbourFrom(layout, nearest, site).order);
  }
  const routes = sites.map((site) => nearestNeighbourFrom(layout, nearest, site));
  const ranked = sites.sort((a, b) => routes[a].metres - routes[b].metres || a - b);
  return ranked.slice(0, tries).map((site) => routes[site].order);
}

/** Each site's others, nearest first (ties: lower index first), as rows of `count` − 1 in one array. */
function neighbourLists({ count, between }: Layout): Int32Array {
  const lists = new Int32Array(count * (count - 1));
  const others: number[] = [];
  for (let i = 0; i < count; i++) {
    others.length = 0;
    for (let j = 0; j < count; j++) if (j !== i) others.push(j);
    const row = i * count;
    others.sort((a, b) => between[row + a] - between[row + b] || a - b);
    lists.set(others, i * (count - 1));
  }
  return lists;
}

/**
 * The nearest-neighbour order with `first` first (as {@link nearestNeighbour}, through the neighbour
 * lists), with its length: from the start if there is one, and back on a round trip.
 */
function nearestNeighbourFrom(layout: Layout, nearest: Int32Array, first: number): { order: number[]; metres: number } {
  const { count, between, fromStart, closed } = layout;
  const visited = new Uint8Array(count);
  const order = [first];
  visited[first] = 1;
  let metres = fromStart?.[first] ?? 0;
  for (let current = first; order.length < count; ) {
    let k = current * (count - 1);
    while (visited[nearest[k]] === 1) k++;
    const next = nearest[k];
    metres += between[current * count + next];
    visited[next] = 1;
    order.push(next);
    current = next;
  }
  const last = order[order.length - 1];
  if (closed) metres += fromStart === null ? between[last * count + first] : fromStart[last];
  return { order, metres };
}

function routeOf(layout: Layout, route: Path): Route {
  const sites = route.path.slice(1, -1).map((node) => route.inner[node - 1]);
  if (route.anchor >= 0) sites.unshift(route.anchor);
  return { order: sites.flatMap((site) => layout.sites[site].ids), metres: pathMetres(route) };
}

/**
 * Today's visits in a short order: nearest neighbour, then 2-opt and Or-opt (see the top of this file).
 * `start` null: the route starts at whichever stop makes it shortest.
 */
export function planRoute(start: Point | null, stops: readonly Stop[], options: RouteOptions = {}): Route {
  const layout = layoutOf(start, stops, options);
  const squared = Math.max(1, layout.count * layout.count);
  const effort = options.effort ?? EFFORT;
  if (!(Number.isFinite(effort) && effort >= 0)) throw new RangeError(`effort: ${effort} is not a number ≥ 0`);
  const tries = Math.max(1, Math.min(layout.count, Math.floor(effort / squared)));
  let best: Path | null = null;
  let bestMetres = Number.POSITIVE_INFINITY;
  for (const order of firstOrders(layout, tries)) {
    const route = pathOf(layout, order);
    const metres = improve(route);
    if (metres < bestMetres - EPSILON) [best, bestMetres] = [route, metres];
  }
  const kicks = Math.min(MAX_KICKS, Math.floor(effort / squared));
  return routeOf(layout, kicked(best as Path, kicks));
}

/** Shortens the path with 2-opt and Or-opt passes until neither finds a move (or `MAX_PASSES`); answers its length. */
function improve(route: Path): number {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const reversed = twoOptPass(route);
    const moved = orOptPass(route);
    if (!reversed && !moved) break;
  }
  return pathMetres(route);
}

/**
 * Iterated local search: `kicks` times, cuts the path's inside into three stretches B C D after the
 * first part A and puts them as A C B D (a "double bridge", which 2-opt and Or-opt cannot undo in one
 * move), improves that, and keeps it if it is shorter. The cuts come from a PRNG with a fixed seed:
 * the same input gives the same route.
 */
function kicked(route: Path, kicks: number): Path {
  const { n } = route;
  if (n < 4) return route;
  const random = seededRandom(KICK_SEED);
  let metres = pathMetres(route);
  for (let k = 0; k < kicks; k++) {
    const before = route.path;
    const p1 = 1 + Math.floor(random() * (n - 3));
    const p2 = p1 + 1 + Math.floor(random() * (n - 2 - p1));
    const p3 = p2 + 1 + Math.floor(random() * (n - 1 - p2));
    route.path = [...before.slice(0, p1), ...before.slice(p2, p3), ...before.slice(p1, p2), ...before.slice(p3)];
    const after = improve(route);
    if (after < metres - EPSILON) metres = after;
    else route.path = before;
  }
  return route;
}

/** The nearest-neighbour route alone (step 2 of {@link planRoute}, its first try): the baseline it improves on. */
export function nearestNeighbourRoute(start: Point | null, stops: readonly Stop[], options: RouteOptions = {}): Route {
  const layout = layoutOf(start, stops, options);
  return routeOf(layout, pathOf(layout, firstOrders(layout, 1)[0]));
}

/**
 * The shortest route by trying every order (depth first, cutting an order once it is no shorter than
 * the best found): the optimum {@link planRoute} is measured against. At most
 * {@link BRUTE_FORCE_MAX_STOPS} stops. Same conventions as `planRoute` (0 m between stops at one point,
 * the distance asked once a pair); ties go to the order first in id order. A round trip without a start
 * starts at the lowest id (where a round trip starts does not change its length).
 */
export function bruteForceRoute(start: Point | null, stops: readonly Stop[], options: RouteOptions = {}): Route {
  if (stops.length > BRUTE_FORCE_MAX_STOPS) {
    throw new RangeError(`${stops.length} stops: trying every order is for at most ${BRUTE_FORCE_MAX_STOPS}`);
  }
  const distance = options.distance ?? haversineMetres;
  const closed = options.returnToStart === true;
  const sorted = checkedStops(start, stops);
  const count = sorted.length;
  const between = sorted.map(() => new Float64Array(count));
  sorted.forEach((a, i) => {
    for (let j = i + 1; j < count; j++) {
      const b = sorted[j];
      between[i][j] = between[j][i] = samePoint(a, b) ? 0 : measured(distance, a, b, `stop ${a.id}`, `stop ${b.id}`);
    }
  });
  const fromStart = sorted.map((b) =>
    start === null ? 0 : samePoint(start, b) ? 0 : measured(distance, start, b, 'start', `stop ${b.id}`),
  );
  const pinned = start === null && closed && count > 0;
  const back = (last: number) => (!closed ? 0 : pinned ? between[last][0] : fromStart[last]);
  let best: number[] = [];
  let bestMetres = count === 0 ? 0 : Number.POSITIVE_INFINITY;
  const order: number[] = [];
  const used = new Uint8Array(count);
  const extend = (metres: number) => {
    if (metres >= bestMetres) return;
    const last = order[order.length - 1];
    if (order.length === count) {
      const total = metres + back(last);
      if (total < bestMetres) [best, bestMetres] = [[...order], total];
      return;
    }
    for (let next = 0; next < count; next++) {
      if (used[next]) continue;
      used[next] = 1;
      order.push(next);
      extend(metres + between[last][next]);
      order.pop();
      used[next] = 0;
    }
  };
  for (let first = 0; first < (pinned ? 1 : count); first++) {
    used[first] = 1;
    order.push(first);
    extend(fromStart[first]);
    order.pop();
    used[first] = 0;
  }
  return { order: best.map((i) => sorted[i].id), metres: bestMetres };
}
