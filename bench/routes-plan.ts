/**
 * The cash-collection plan's route planner (`planRoute`, apps/server/src/modules/visits/visits.route.ts):
 * (a) its time for 50, 200 and 500 stops spread over Croatia (lat 42.4–46.5, lng 13.5–19.4), from a depot
 * in Zagreb and with no start, against plain nearest neighbour on the same stops in the same run (the
 * first step of the planner alone): median and max of `--runs` sets of stops, and how much shorter the
 * planned route is; (b) its quality on `--cases` random cases of 5–9 stops against the optimum found by
 * trying every order (`bruteForceRoute`), the four ways a route is asked for in turn (depot or none, open
 * or a round trip): the worst and mean excess, beside those of its steps 1–3 alone (`effort: 0`) and of
 * nearest neighbour. Targets: 200 stops ≤ 1 s (the slowest run), excess ≤ 10 % (the worst case). Exits 1
 * when one is missed.
 *   npm run bench -- routes-plan [--runs 9] [--cases 200] [--seed 20261206]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../apps/server/src/core/random.ts';
import {
  bruteForceRoute,
  nearestNeighbourRoute,
  type Point,
  planRoute,
  type Route,
  type RouteOptions,
  type Stop,
} from '../apps/server/src/modules/visits/visits.route.ts';
import { here } from './support.ts';

const TARGET_MS = 1_000;
const TARGET_STOPS = 200;
const TARGET_EXCESS = 0.1;
const SIZES = [50, 200, 500];
const DEPOT: Point = { lat: 45.815, lng: 15.9819 };

const croatian = (random: () => number): Point => ({ lat: 42.4 + random() * 4.1, lng: 13.5 + random() * 5.9 });
const stopsOf = (random: () => number, count: number): Stop[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, ...croatian(random) }));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const pct = (value: number) => `${(100 * value).toFixed(2)} %`;

function timed(plan: () => Route): { ms: number; route: Route } {
  const began = performance.now();
  const route = plan();
  return { ms: performance.now() - began, route };
}

const modes: { name: string; start: Point | null; options: RouteOptions }[] = [
  { name: 'depot, open', start: DEPOT, options: {} },
  { name: 'depot, round trip', start: DEPOT, options: { returnToStart: true } },
  { name: 'no start, open', start: null, options: {} },
  { name: 'no start, round trip', start: null, options: { returnToStart: true } },
];

/** (a) Time of the planner and of nearest neighbour alone on the same stops, `runs` sets per size and start. */
function timing(seed: number, runs: number) {
  const random = seededRandom(seed);
  // Warm-up: the JIT compiles both before the clock runs.
  for (const start of [DEPOT, null]) {
    const stops = stopsOf(random, 200);
    for (let i = 0; i < 3; i++) {
      planRoute(start, stops);
      nearestNeighbourRoute(start, stops);
    }
  }
  const rows = [];
  for (const size of SIZES) {
    for (const mode of [modes[0], modes[2]]) {
      const plan: number[] = [];
      const nearest: number[] = [];
      const shorter: number[] = [];
      for (let run = 0; run < runs; run++) {
        const stops = stopsOf(random, size);
        const p = timed(() => planRoute(mode.start, stops, mode.options));
        const n = timed(() => nearestNeighbourRoute(mode.start, stops, mode.options));
        plan.push(p.ms);
        nearest.push(n.ms);
        shorter.push(1 - p.route.metres / n.route.metres);
      }
      const row = {
        stops: size,
        start: mode.name,
        planMedianMs: median(plan),
        planMaxMs: Math.max(...plan),
        nearestMedianMs: median(nearest),
        nearestMaxMs: Math.max(...nearest),
        ratio: median(plan) / median(nearest),
        shorterThanNearest: mean(shorter),
      };
      console.log(
        `  ${String(size).padStart(4)} stops, ${mode.name.padEnd(15)} planned ${ms(row.planMedianMs)} (max ${ms(row.planMaxMs)})   nearest neighbour ${ms(row.nearestMedianMs)} (max ${ms(row.nearestMaxMs)})   ×${row.ratio.toFixed(1).padStart(5)}   ${pct(row.shorterThanNearest).padStart(7)} shorter`,
      );
      rows.push(row);
    }
  }
  return rows;
}

/**
 * (b) The excess over the optimum on `cases` cases of 5–9 stops: the planner as it runs (steps 1–4), its
 * steps 1–3 alone (`effort: 0`: one nearest-neighbour route, 2-opt and Or-opt) and nearest neighbour.
 */
function quality(seed: number, cases: number) {
  const random = seededRandom(seed + 1);
  const plan: number[] = [];
  const local: number[] = [];
  const nearest: number[] = [];
  let planMs = 0;
  let bruteMs = 0;
  for (let c = 0; c < cases; c++) {
    const mode = modes[c % modes.length];
    const stops = stopsOf(random, 5 + (c % 5));
    const start = mode.start === null ? null : croatian(random);
    const brute = timed(() => bruteForceRoute(start, stops, mode.options));
    const planned = timed(() => planRoute(start, stops, mode.options));
    bruteMs += brute.ms;
    planMs += planned.ms;
    plan.push(planned.route.metres / brute.route.metres - 1);
    local.push(planRoute(start, stops, { ...mode.options, effort: 0 }).metres / brute.route.metres - 1);
    nearest.push(nearestNeighbourRoute(start, stops, mode.options).metres / brute.route.metres - 1);
  }
  const figures = (excess: number[]) => ({
    worst: Math.max(...excess),
    mean: mean(excess),
    optimal: excess.filter((e) => e < 1e-9).length,
  });
  return { cases, plan: figures(plan), local: figures(local), nearest: figures(nearest), planMs: planMs / cases, bruteMs: bruteMs / cases };
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '9' },
      cases: { type: 'string', default: '200' },
      seed: { type: 'string', default: '20261206' },
    },
  });
  const runs = Number(values.runs);
  const cases = Number(values.cases);
  const seed = Number(values.seed);
  const load = loadavg()[0];
  console.log(`Route planner, Node ${process.version}, load average ${load.toFixed(2)} (1 min)`);
  console.log(`(a) Planning time, ${runs} sets of stops each (median, max), against nearest neighbour alone on the same stops:`);
  const times = timing(seed, runs);
  const atTarget = times.filter((row) => row.stops === TARGET_STOPS);
  const slowest = Math.max(...atTarget.map((row) => row.planMaxMs));
  const timeMet = slowest <= TARGET_MS;
  console.log(`  ${TARGET_STOPS} stops: slowest run ${slowest.toFixed(1)} ms, target ≤ ${TARGET_MS} ms ${timeMet ? 'met' : 'NOT met'}`);

  console.log(`(b) Quality on ${cases} cases of 5–9 stops (the four ways in turn) against the optimum (every order tried):`);
  const q = quality(seed, cases);
  const excessMet = q.plan.worst <= TARGET_EXCESS;
  const excessLine = (label: string, f: { worst: number; mean: number; optimal: number }) =>
    console.log(
      `  ${label.padEnd(34)} worst ${pct(f.worst).padStart(7)}, mean ${pct(f.mean).padStart(7)} over the optimum, optimal in ${f.optimal} of ${cases}`,
    );
  excessLine('planned (steps 1–4):', q.plan);
  excessLine('2-opt and Or-opt alone (effort 0):', q.local);
  excessLine('nearest neighbour:', q.nearest);
  console.log(`  ${q.planMs.toFixed(2)} ms a plan, against ${q.bruteMs.toFixed(2)} ms trying every order`);
  console.log(`  target: worst ≤ ${pct(TARGET_EXCESS)} ${excessMet ? 'met' : 'NOT met'}`);
  console.log(
    `routes-plan: ${TARGET_STOPS} stops in ≤ ${slowest.toFixed(1)} ms (target ${timeMet ? 'met' : 'NOT met'}); worst excess ${pct(q.plan.worst)}, mean ${pct(q.plan.mean)} (target ${excessMet ? 'met' : 'NOT met'})`,
  );
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'routes-plan.json'),
    `${JSON.stringify({ bench: 'routes-plan', at: new Date().toISOString(), node: process.version, load, runs, seed, times, quality: q, targets: { timeMet, excessMet } }, null, 2)}\n`,
  );
  if (!timeMet || !excessMet) process.exitCode = 1;
}
