import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/random.ts';
import {
  bruteForceRoute,
  type Distance,
  haversineMetres,
  nearestNeighbourRoute,
  type Point,
  planRoute,
  type RouteOptions,
  type Stop,
} from './visits.route.ts';

/** A point in Croatia's box (lat 42.4–46.5, lng 13.5–19.4). */
const croatian = (random: () => number): Point => ({ lat: 42.4 + random() * 4.1, lng: 13.5 + random() * 5.9 });
const randomStops = (random: () => number, count: number, firstId = 1): Stop[] =>
  Array.from({ length: count }, (_, i) => ({ id: firstId + i, ...croatian(random) }));

/** Plane distance on the raw numbers: routes whose optimum is easy to work out by hand. */
const plane: Distance = (a, b) => Math.hypot(a.lat - b.lat, a.lng - b.lng);
const zagreb = { lat: 45.815, lng: 15.9819 };
const split = { lat: 43.5081, lng: 16.4402 };

/** The four ways a route is asked for: with a depot or none, open or a round trip. */
const modes: { name: string; depot: boolean; options: RouteOptions }[] = [
  { name: 'from a depot, open', depot: true, options: {} },
  { name: 'from a depot, round trip', depot: true, options: { returnToStart: true } },
  { name: 'no start, open', depot: false, options: {} },
  { name: 'no start, round trip', depot: false, options: { returnToStart: true } },
];

describe('haversineMetres', () => {
  it('puts Zagreb 259 km from Split (within 1 %)', () => {
    const metres = haversineMetres(zagreb, split);
    expect(Math.abs(metres - 259_000) / 259_000).toBeLessThan(0.01);
    expect(haversineMetres(split, zagreb)).toBe(metres);
    expect(haversineMetres(zagreb, zagreb)).toBe(0);
  });

  it('measures a degree of the equator as 111.195 km (radius 6,371,008.8 m)', () => {
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo((6_371_008.8 * Math.PI) / 180, 6);
  });
});

describe('planRoute on routes worked out by hand', () => {
  it('visits points on a line in order from the depot at one end', () => {
    // On a meridian (a great circle), so the legs add up to the whole way.
    const stops = [3, 1, 5, 2, 4].map((x) => ({ id: 10 + x, lat: 45 + x / 10, lng: 16 }));
    const route = planRoute({ lat: 45, lng: 16 }, stops);
    expect(route.order).toEqual([11, 12, 13, 14, 15]);
    expect(route.metres).toBeCloseTo(haversineMetres({ lat: 45, lng: 16 }, { lat: 45.5, lng: 16 }), 3);
  });

  it('without a start, runs a line end to end', () => {
    const stops = [3, 1, 5, 2, 4].map((x) => ({ id: x, lat: 0, lng: x }));
    const route = planRoute(null, stops, { distance: plane });
    expect([
      [1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1],
    ]).toContainEqual(route.order);
    expect(route.metres).toBeCloseTo(4, 9);
  });

  it('undoes the nearest neighbour’s zigzag along a line with the depot inside it', () => {
    // Depot at 0; stops at 1, −2, 4.5, −9. Nearest neighbour: 0 → 1 → −2 → 4.5 → −9 = 1 + 3 + 6.5 + 13.5 = 24.
    // Best: 0 → 1 → 4.5 → −2 → −9 = 1 + 3.5 + 6.5 + 7 = 18 (the far side first, 0 → −2 → −9 → 1 → 4.5, is 22.5).
    const stops = [
      { id: 1, lat: 0, lng: 1 },
      { id: 2, lat: 0, lng: -2 },
      { id: 3, lat: 0, lng: 4.5 },
      { id: 4, lat: 0, lng: -9 },
    ];
    expect(nearestNeighbourRoute({ lat: 0, lng: 0 }, stops, { distance: plane })).toEqual({ order: [1, 2, 3, 4], metres: 24 });
    const route = planRoute({ lat: 0, lng: 0 }, stops, { distance: plane });
    // 0 → 4.5 → 1 → −2 → −9 is 18 as well: the right side on the way out or on the way back.
    expect([
      [1, 3, 2, 4],
      [3, 1, 2, 4],
    ]).toContainEqual(route.order);
    expect(route.metres).toBeCloseTo(18, 9);
  });

  it('goes round a square from a depot at its corner, and round it back on a round trip', () => {
    // Depot (0,0); stops at the other corners. Open: 3 sides (3); both ways round are 3: the tie goes to
    // the lower id first. Round trip: the perimeter (4), never a diagonal.
    const stops = [
      { id: 1, lat: 1, lng: 0 },
      { id: 2, lat: 1, lng: 1 },
      { id: 3, lat: 0, lng: 1 },
    ];
    const open = planRoute({ lat: 0, lng: 0 }, stops, { distance: plane });
    expect(open.order).toEqual([1, 2, 3]);
    expect(open.metres).toBeCloseTo(3, 9);
    const round = planRoute({ lat: 0, lng: 0 }, stops, { distance: plane, returnToStart: true });
    expect(round.metres).toBeCloseTo(4, 9);
  });

  it('from the middle of a square, visits the corners in turn without crossing', () => {
    // Half a diagonal out, three sides, half a diagonal back: 3 + √2.
    const corners = [
      { id: 1, lat: 0, lng: 0 },
      { id: 2, lat: 1, lng: 1 },
      { id: 3, lat: 0, lng: 1 },
      { id: 4, lat: 1, lng: 0 },
    ];
    const route = planRoute({ lat: 0.5, lng: 0.5 }, corners, { distance: plane, returnToStart: true });
    expect(route.metres).toBeCloseTo(3 + Math.SQRT2, 9);
    const [a, b, c, d] = route.order.map((id) => corners.find((s) => s.id === id) as Stop);
    // Neighbours on the route are neighbours on the square (one side apart), the diagonals are not used.
    for (const [p, q] of [
      [a, b],
      [b, c],
      [c, d],
    ] as const) {
      expect(plane(p, q)).toBeCloseTo(1, 9);
    }
  });
});

describe('planRoute against the optimum', () => {
  it('stays within 10 % of brute force on 400 random cases of up to 9 stops (Croatia)', () => {
    const random = seededRandom(20261206);
    let worst = 0;
    for (let c = 0; c < 400; c++) {
      const mode = modes[c % modes.length];
      const stops = randomStops(random, 1 + (c % 9));
      const start = mode.depot ? croatian(random) : null;
      const best = bruteForceRoute(start, stops, mode.options);
      const route = planRoute(start, stops, mode.options);
      expect(route.metres, `case ${c}`).toBeGreaterThanOrEqual(best.metres - 1e-6);
      expect(route.metres, `case ${c} (${mode.name})`).toBeLessThanOrEqual(best.metres * 1.1 + 1e-6);
      worst = Math.max(worst, best.metres === 0 ? 0 : route.metres / best.metres - 1);
    }
    expect(worst).toBeLessThan(0.1);
  });

  it('is never longer than 2-opt and Or-opt alone (effort 0), nor they than the nearest neighbour, 2–250 stops', () => {
    const random = seededRandom(7);
    for (let c = 0; c < 80; c++) {
      const mode = modes[c % modes.length];
      const stops = randomStops(random, 2 + Math.floor(random() * 249));
      const start = mode.depot ? croatian(random) : null;
      const route = planRoute(start, stops, mode.options);
      const local = planRoute(start, stops, { ...mode.options, effort: 0 });
      const nearest = nearestNeighbourRoute(start, stops, mode.options);
      expect(local.metres, `case ${c} (${mode.name}, ${stops.length} stops)`).toBeLessThanOrEqual(nearest.metres + 1e-6);
      expect(route.metres, `case ${c} (${mode.name}, ${stops.length} stops)`).toBeLessThanOrEqual(local.metres + 1e-6);
      expect([...route.order].sort((a, b) => a - b)).toEqual(stops.map((s) => s.id));
    }
  });

  it('answers the length of the order it gives', () => {
    const random = seededRandom(99);
    for (const mode of modes) {
      const stops = randomStops(random, 40);
      const start = mode.depot ? croatian(random) : null;
      const route = planRoute(start, stops, mode.options);
      const points = route.order.map((id) => stops.find((s) => s.id === id) as Stop);
      const legs = points.slice(1).reduce((sum, p, i) => sum + haversineMetres(points[i], p), 0);
      const out = start ? haversineMetres(start, points[0]) : 0;
      const back = mode.options.returnToStart ? haversineMetres(start ?? points[0], points[points.length - 1]) : 0;
      expect(route.metres).toBeCloseTo(out + legs + back, 3);
    }
  });
});

describe('planRoute keeps one location’s stops together', () => {
  it('puts stops at the same coordinates next to each other, lowest id first', () => {
    const random = seededRandom(42);
    for (const mode of modes) {
      const places = Array.from({ length: 12 }, () => croatian(random));
      // 40 stops on 12 places, ids shuffled against the places.
      const stops = Array.from({ length: 40 }, (_, i) => ({ id: 1000 - i * 7, ...places[Math.floor(random() * places.length)] }));
      const route = planRoute(mode.depot ? croatian(random) : null, stops, mode.options);
      const placeOf = new Map(stops.map((s) => [s.id, `${s.lat},${s.lng}`]));
      const runs = route.order.map((id) => placeOf.get(id)).filter((place, i, all) => i === 0 || place !== all[i - 1]);
      expect(new Set(runs).size, mode.name).toBe(runs.length);
      for (let i = 1; i < route.order.length; i++) {
        if (placeOf.get(route.order[i]) === placeOf.get(route.order[i - 1])) expect(route.order[i]).toBeGreaterThan(route.order[i - 1]);
      }
    }
  });

  it('counts 0 m between them, without asking the distance', () => {
    const asked: [Point, Point][] = [];
    const distance: Distance = (a, b) => {
      asked.push([a, b]);
      return plane(a, b);
    };
    const stops = [
      { id: 4, lat: 1, lng: 1 },
      { id: 2, lat: 1, lng: 1 },
      { id: 3, lat: 0, lng: 2 },
      { id: 1, lat: 1, lng: 1 },
    ];
    expect(planRoute({ lat: 0, lng: 1 }, stops, { distance })).toEqual({ order: [1, 2, 4, 3], metres: 1 + Math.SQRT2 });
    // Two places and the depot: one pair of places, two from the depot.
    expect(asked).toHaveLength(3);
  });

  it('plans stops all at one point as that point', () => {
    const stops = [5, 3, 9].map((id) => ({ id, lat: 45.1, lng: 15.2 }));
    expect(planRoute(null, stops)).toEqual({ order: [3, 5, 9], metres: 0 });
    expect(planRoute({ lat: 45.1, lng: 15.2 }, stops, { returnToStart: true })).toEqual({ order: [3, 5, 9], metres: 0 });
    const from = planRoute(zagreb, stops, { returnToStart: true });
    expect(from.order).toEqual([3, 5, 9]);
    expect(from.metres).toBeCloseTo(2 * haversineMetres(zagreb, { lat: 45.1, lng: 15.2 }), 6);
  });
});

describe('planRoute is deterministic', () => {
  it('gives the same route for the same stops, in whatever order they come', () => {
    const random = seededRandom(5);
    for (const mode of modes) {
      const stops = randomStops(random, 120);
      const start = mode.depot ? croatian(random) : null;
      const first = planRoute(start, stops, mode.options);
      expect(planRoute(start, stops, mode.options)).toEqual(first);
      const shuffled = [...stops].sort(() => random() - 0.5);
      expect(planRoute(start, shuffled, mode.options)).toEqual(first);
      expect(planRoute(start, [...stops].reverse(), mode.options)).toEqual(first);
    }
  });

  it('breaks ties by id', () => {
    // Two stops the same distance from the depot, either side of it: the lower id first.
    const stops = [
      { id: 8, lat: 0, lng: 1 },
      { id: 3, lat: 0, lng: -1 },
    ];
    expect(planRoute({ lat: 0, lng: 0 }, stops, { distance: plane }).order).toEqual([3, 8]);
    expect(
      planRoute(
        { lat: 0, lng: 0 },
        stops.map((s) => ({ ...s, id: 11 - s.id })),
        { distance: plane },
      ).order,
    ).toEqual([3, 8]);
  });
});

describe('planRoute on the edge cases', () => {
  it('plans no stops as an empty route', () => {
    for (const mode of modes) expect(planRoute(mode.depot ? zagreb : null, [], mode.options)).toEqual({ order: [], metres: 0 });
    expect(bruteForceRoute(zagreb, [])).toEqual({ order: [], metres: 0 });
  });

  it('plans one stop: there and, on a round trip, back', () => {
    const stop = { id: 7, ...split };
    const way = haversineMetres(zagreb, split);
    expect(planRoute(zagreb, [stop])).toEqual({ order: [7], metres: way });
    expect(planRoute(zagreb, [stop], { returnToStart: true })).toEqual({ order: [7], metres: 2 * way });
    expect(planRoute(null, [stop])).toEqual({ order: [7], metres: 0 });
    expect(planRoute(null, [stop], { returnToStart: true })).toEqual({ order: [7], metres: 0 });
  });

  it.each([
    ['latitude NaN', { lat: Number.NaN, lng: 15 }],
    ['longitude NaN', { lat: 45, lng: Number.NaN }],
    ['latitude over 90', { lat: 90.5, lng: 15 }],
    ['latitude under −90', { lat: -91, lng: 15 }],
    ['longitude over 180', { lat: 45, lng: 180.1 }],
    ['longitude under −180', { lat: 45, lng: -181 }],
    ['an infinite latitude', { lat: Number.POSITIVE_INFINITY, lng: 15 }],
  ])('refuses a stop with %s, naming it', (_, point) => {
    const stops = [
      { id: 1, lat: 45, lng: 15 },
      { id: 17, ...point },
      { id: 2, lat: 45.1, lng: 15.1 },
    ];
    expect(() => planRoute(zagreb, stops)).toThrow(RangeError);
    expect(() => planRoute(zagreb, stops)).toThrow(/stop 17/);
    expect(() => nearestNeighbourRoute(null, stops)).toThrow(/stop 17/);
    expect(() => bruteForceRoute(null, stops)).toThrow(/stop 17/);
  });

  it('refuses an invalid start, repeated and non-integer ids, a distance that is not metres, and an effort < 0', () => {
    const stops = [
      { id: 1, lat: 45, lng: 15 },
      { id: 2, lat: 45.1, lng: 15.1 },
    ];
    expect(() => planRoute({ lat: 45, lng: Number.NaN }, stops)).toThrow(/^start/);
    expect(() => planRoute({ lat: 100, lng: 15 }, [])).toThrow(RangeError);
    expect(() => planRoute(null, [...stops, { id: 2, lat: 44, lng: 16 }])).toThrow(/stop 2: the id is given twice/);
    expect(() => planRoute(null, [...stops, { id: 2.5, lat: 44, lng: 16 }])).toThrow(/stop 2.5/);
    expect(() => planRoute(null, stops, { distance: () => Number.NaN })).toThrow(/stop 1 to stop 2/);
    expect(() => planRoute(zagreb, stops, { distance: (a, b) => (a === zagreb || b === zagreb ? -1 : 1) })).toThrow(RangeError);
    expect(() => planRoute(zagreb, stops, { effort: Number.NaN })).toThrow(/effort/);
    expect(() => planRoute(zagreb, stops, { effort: -1 })).toThrow(RangeError);
  });
});

describe('bruteForceRoute', () => {
  it('finds the optimum worked out by hand', () => {
    const stops = [
      { id: 1, lat: 0, lng: 1 },
      { id: 2, lat: 0, lng: -2 },
      { id: 3, lat: 0, lng: 4.5 },
      { id: 4, lat: 0, lng: -9 },
    ];
    expect(bruteForceRoute({ lat: 0, lng: 0 }, stops, { distance: plane })).toEqual({ order: [1, 3, 2, 4], metres: 18 });
    // Round trip: out to 4.5 and to −9 and back, whichever way: 2 × 13.5. No start: one end to the other.
    expect(bruteForceRoute({ lat: 0, lng: 0 }, stops, { distance: plane, returnToStart: true }).metres).toBe(27);
    expect(bruteForceRoute(null, stops, { distance: plane }).metres).toBe(13.5);
  });

  it('refuses more than 9 stops', () => {
    const stops = randomStops(seededRandom(1), 10);
    expect(() => bruteForceRoute(null, stops)).toThrow(RangeError);
    expect(bruteForceRoute(null, stops.slice(0, 9)).order).toHaveLength(9);
  });
});
