import { publicHolidays } from './holidays.ts';

/**
 * The dashboard's traffic prediction (decision 0019): daily turnover for the next days with an interval,
 * and the backtest that shows its error beside the naive forecasts'. Pure and dependency-free; the
 * model and its reasons are in docs/decisions/0019-traffic-forecast.md.
 *
 * The model is a multiplicative decomposition, turnover = season × weekday × holiday:
 * - weekday factors: the ratio of each day to its centred 7-day mean, averaged per weekday with recent
 *   weeks weighing more; holidays left out;
 * - a holiday factor, learnt the same way on the Croatian public holidays in the history and pulled
 *   towards 1 while few have been seen;
 * - season: last year's turnover on the same calendar dates (weekday and holiday effects divided out,
 *   a week's mean around the date) times this year's level against last year's over the last four
 *   weeks (growth). Where last year is not in the history: the last week's level, and when last year's
 *   data begins within two months, a line halfway towards it.
 */

export interface DailyPoint {
  /** A `yyyy-MM-dd` business day. */
  day: string;
  valueCents: number;
}

export interface ForecastPoint {
  day: string;
  valueCents: number;
  /** The 10th and 90th percentile: an 80 % interval, from the model's own past errors. */
  lowCents: number;
  highCents: number;
}

/** Mean absolute scaled errors (MASE) of the model and of the two naive forecasts over the same origins. */
export interface Backtest {
  model: number;
  naive: number;
  seasonalNaive: number;
  origins: number;
  horizon: number;
}

const DAY_MS = 86_400_000;
/** Half-life, in days, of a day's weight in the weekday factors. */
const WEEKDAY_HALF_LIFE = 56;
/** Days whose plain mean is the recent level (where last year is not in the history): a week lags no
 * more than the seasonal naive forecast does and averages seven days' noise. */
const LEVEL_DAYS = 7;
/** Days compared with last year's same dates to measure growth. */
const GROWTH_DAYS = 28;
/** Growth is trusted fully from this many comparable days on, and pulled towards none below. */
const GROWTH_FULL = 14;
/** Last year's value of a date is the mean of the dates this many days either side. */
const SEASON_SPAN = 3;
/** The longest hole, in days, between the recent level and last year's data that is bridged. */
const MAX_BRIDGE = 60;
/** How far the bridge goes towards last year's level: halfway, the mean of "no change" and a straight line. */
const BRIDGE_WEIGHT = 0.5;
/** Pseudo-observations of "no holiday effect" added to the holidays seen. */
const HOLIDAY_PRIOR = 2;
/** Weeks of past origins whose errors make the interval. */
const INTERVAL_WEEKS = 12;
/** Fewest days a model is fitted on (in the backtest and for the interval's errors). */
const MIN_TRAINING = 28;

const dayNumber = (day: string): number => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(ms)) throw new RangeError(`Not a yyyy-MM-dd day: ${day}`);
  return Math.round(ms / DAY_MS);
};
const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** A history as one value per day from its first to its last day; a missing day is a day without turnover. */
interface Series {
  start: number;
  values: Float64Array;
}

function toSeries(history: readonly DailyPoint[]): Series {
  if (history.length === 0) return { start: 0, values: new Float64Array(0) };
  const days = history.map((p) => dayNumber(p.day));
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const d of days) {
    if (d < start) start = d;
    if (d > end) end = d;
  }
  const values = new Float64Array(end - start + 1);
  history.forEach((p, i) => {
    values[(days[i] as number) - start] += Number.isFinite(p.valueCents) ? p.valueCents : 0;
  });
  return { start, values };
}

/** Calendar facts of the days of a series and of the horizon after it, looked up once per call. */
interface Calendar {
  weekday: Uint8Array;
  holiday: Uint8Array;
  /** Index of the same date last year (negative before the series starts). */
  lastYear: Int32Array;
}

function calendar(start: number, length: number): Calendar {
  const cal: Calendar = { weekday: new Uint8Array(length), holiday: new Uint8Array(length), lastYear: new Int32Array(length) };
  const lastYearOf = new Date(0);
  for (let year = new Date(start * DAY_MS).getUTCFullYear(); year <= new Date((start + length) * DAY_MS).getUTCFullYear(); year++) {
    for (const day of publicHolidays(year)) {
      const t = dayNumber(day) - start;
      if (t >= 0 && t < length) cal.holiday[t] = 1;
    }
  }
  for (let t = 0; t < length; t++) {
    const n = start + t;
    cal.weekday[t] = (((n + 3) % 7) + 7) % 7; // Monday 0 … Sunday 6: day 0 of the epoch was a Thursday
    // The same calendar date a year earlier; 29 February becomes 28 February.
    lastYearOf.setTime(n * DAY_MS);
    const month = lastYearOf.getUTCMonth();
    lastYearOf.setUTCFullYear(lastYearOf.getUTCFullYear() - 1, month, lastYearOf.getUTCDate());
    if (lastYearOf.getUTCMonth() !== month) lastYearOf.setUTCDate(0);
    cal.lastYear[t] = Math.round(lastYearOf.getTime() / DAY_MS) - start;
  }
  return cal;
}

/** A model fitted on the first `n` days of a series: `predict(t)` for any later index t. */
interface Fitted {
  predict(t: number): number;
}

// Long because: one model fitted in passes over the same arrays (weekday and holiday factors, the adjusted series, level, trend); split, each pass would take and give back the others' arrays.
function fit(y: Float64Array, n: number, cal: Calendar): Fitted {
  // Weekday and holiday factors from each day's ratio to its centred 7-day mean.
  const sum = new Float64Array(7);
  const weight = new Float64Array(7);
  let holidaySum = 0;
  let holidays = 0;
  const ratio = new Float64Array(n).fill(Number.NaN);
  let window = 0;
  for (let t = 0; t < Math.min(7, n); t++) window += y[t] as number;
  for (let t = 3; t + 3 < n; t++) {
    if (t > 3) window += (y[t + 3] as number) - (y[t - 4] as number);
    const mean = window / 7;
    if (mean > 0) ratio[t] = (y[t] as number) / mean;
  }
  const decay = Math.LN2 / WEEKDAY_HALF_LIFE;
  for (let t = 0; t < n; t++) {
    const r = ratio[t] as number;
    if (Number.isNaN(r) || cal.holiday[t]) continue;
    const w = Math.exp(-decay * (n - 1 - t));
    const d = cal.weekday[t] as number;
    sum[d] = (sum[d] as number) + w * r;
    weight[d] = (weight[d] as number) + w;
  }
  const factor = new Float64Array(7);
  let seen = 0;
  let total = 0;
  for (let d = 0; d < 7; d++) {
    if ((weight[d] as number) > 0) {
      factor[d] = (sum[d] as number) / (weight[d] as number);
      total += factor[d] as number;
      seen++;
    }
  }
  for (let d = 0; d < 7; d++) factor[d] = seen === 0 ? 1 : (weight[d] as number) > 0 ? ((factor[d] as number) * seen) / total : 1;
  for (let t = 0; t < n; t++) {
    const r = ratio[t] as number;
    const f = factor[cal.weekday[t] as number] as number;
    if (!cal.holiday[t] || Number.isNaN(r) || f <= 0) continue;
    holidaySum += r / f;
    holidays++;
  }
  const holiday = (holidaySum + HOLIDAY_PRIOR) / (holidays + HOLIDAY_PRIOR);
  const effect = (t: number) => (factor[cal.weekday[t] as number] as number) * (cal.holiday[t] ? holiday : 1);

  // The turnover with weekday and holiday effects divided out; NaN where the day says nothing (a closed weekday).
  const adjusted = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const e = effect(t);
    adjusted[t] = e > 0.05 ? (y[t] as number) / e : Number.NaN;
  }

  // Recent level: the mean of the last week.
  let levelSum = 0;
  let levelWeight = 0;
  for (let t = n - 1; t >= 0 && t >= n - LEVEL_DAYS; t--) {
    const a = adjusted[t] as number;
    if (Number.isNaN(a)) continue;
    levelSum += a;
    levelWeight++;
  }
  const level = levelWeight > 0 ? levelSum / levelWeight : 0;

  // Growth: the last weeks against the same dates last year, trusted as far as there are such dates.
  let now = 0;
  let before = 0;
  let pairs = 0;
  for (let t = n - 1; t >= 0 && t >= n - GROWTH_DAYS; t--) {
    const j = cal.lastYear[t] as number;
    if (j < 0) continue;
    const a = adjusted[t] as number;
    const b = adjusted[j] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    now += a;
    before += b;
    pairs++;
  }
  const growth = pairs > 0 && now > 0 && before > 0 ? Math.exp(Math.log(now / before) * Math.min(1, pairs / GROWTH_FULL)) : 1;

  /** Last year's adjusted turnover around index j, or NaN where the history does not reach. */
  const lastYearLevel = (j: number): number => {
    let s = 0;
    let c = 0;
    for (let k = Math.max(0, j - SEASON_SPAN); k <= Math.min(n - 1, j + SEASON_SPAN); k++) {
      const a = adjusted[k] as number;
      if (Number.isNaN(a)) continue;
      s += a;
      c++;
    }
    return c > SEASON_SPAN ? s / c : Number.NaN;
  };

  // Just under a year of history: last year's data begins a little after the horizon starts. Nothing
  // says what the season does in the hole, so it gets the mean of two guesses: no change (the recent
  // level) and a straight line to where last year's data begins.
  const levelAt = n - (LEVEL_DAYS + 1) / 2;
  let bridgeEnd = -1;
  let bridgeValue = level;
  for (let t = n; t < n + MAX_BRIDGE && t < cal.lastYear.length; t++) {
    const v = lastYearLevel(cal.lastYear[t] as number);
    if (!Number.isNaN(v)) {
      bridgeEnd = t;
      bridgeValue = growth * v;
      break;
    }
  }

  return {
    predict(t: number): number {
      const before = lastYearLevel(cal.lastYear[t] ?? -1);
      const season = !Number.isNaN(before)
        ? growth * before
        : t < bridgeEnd
          ? level + (BRIDGE_WEIGHT * (bridgeValue - level) * (t - levelAt)) / (bridgeEnd - levelAt)
          : level;
      return Math.max(0, season * effect(t));
    },
  };
}

/** The value at quantile q (0…1) of sorted numbers, interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

/**
 * Daily turnover for the `horizon` days after the last day of the history, each with an 80 % interval.
 * The interval is the 10th–90th percentile of actual ÷ forecast over the model's own forecasts from
 * weekly origins of the last 12 weeks (by horizon: first, second, third week, and the rest), so it is as
 * wide as the model has really been wrong. Values never go below 0. An empty history forecasts nothing.
 * The last day should be a complete one: a today still under way reads as a drop.
 */
export function forecast(history: readonly DailyPoint[], horizon = 30): ForecastPoint[] {
  const { start, values } = toSeries(history);
  const n = values.length;
  if (n === 0 || horizon <= 0) return [];
  const cal = calendar(start, n + Math.max(horizon, MAX_BRIDGE));
  const model = fit(values, n, cal);

  // Ratios actual ÷ forecast per horizon week, from past origins.
  const buckets: number[][] = [[], [], [], []];
  const bucketOf = (h: number) => Math.min(3, Math.floor(h / 7));
  for (let k = 1; k <= INTERVAL_WEEKS; k++) {
    const origin = n - 7 * k;
    if (origin < MIN_TRAINING) break;
    const past = fit(values, origin, cal);
    for (let h = 0; h < horizon && origin + h < n; h++) {
      const p = past.predict(origin + h);
      if (p > 0) buckets[bucketOf(h)]?.push((values[origin + h] as number) / p);
    }
  }
  // Too young for past origins: the spread of the history around the model fitted on all of it.
  if (buckets.every((b) => b.length === 0)) {
    for (let t = 0; t < n; t++) {
      const p = model.predict(t);
      if (p > 0) buckets[0]?.push((values[t] as number) / p);
    }
  }
  // A thin bucket borrows the errors of the shorter horizons before it.
  const bands = buckets.map((bucket, b) => {
    const errors = bucket.length >= 20 ? [...bucket] : buckets.slice(0, b + 1).flat();
    errors.sort((x, y) => x - y);
    return errors.length ? [quantile(errors, 0.1), quantile(errors, 0.9)] : [1, 1];
  });

  const points: ForecastPoint[] = [];
  for (let h = 0; h < horizon; h++) {
    // A weekday the history never earned on leaves its factor 0 ÷ 0: nothing is expected then.
    const predicted = model.predict(n + h);
    const value = Number.isFinite(predicted) ? predicted : 0;
    const band = bands[bucketOf(h)] ?? [1, 1];
    const [low, high] = band.map((ratio) => (Number.isFinite(ratio) ? ratio : 1));
    points.push({
      day: dayString(start + n + h),
      valueCents: Math.round(value),
      lowCents: Math.round(Math.max(0, Math.min(value, value * low))),
      highCents: Math.round(Math.max(value, value * high)),
    });
  }
  return points;
}

/**
 * Rolling-origin backtest of the model against the naive forecast (the last day repeated) and the
 * seasonal naive one (the last week repeated). Origins are a week apart, `weeks` of them (default 8),
 * the last one `horizon` days (default 30, the dashboard's) before the end of the history, so every
 * origin is judged on its whole horizon; each forecast sees only the days before its origin.
 *
 * Errors are MASE: absolute error ÷ the in-sample mean absolute error of the one-step seasonal naive
 * forecast (lag 7) on the days before the origin, averaged over all origins and horizons. 1 means as
 * good as last week's value was for the next day within the training data; all three methods share
 * the scale, so their ratio is the ratio of their mean absolute errors. Origins with fewer than 28
 * days before them are skipped; with none left every error is NaN.
 */
export function backtest(history: readonly DailyPoint[], options: { weeks?: number; horizon?: number } = {}): Backtest {
  const weeks = options.weeks ?? 8;
  const horizon = options.horizon ?? 30;
  const { start, values } = toSeries(history);
  const n = values.length;
  const cal = calendar(start, n + MAX_BRIDGE);
  let model = 0;
  let naive = 0;
  let seasonalNaive = 0;
  let count = 0;
  let origins = 0;
  for (let k = 0; k < weeks; k++) {
    const origin = n - horizon - 7 * k;
    if (origin < MIN_TRAINING) break;
    let scale = 0;
    for (let t = 7; t < origin; t++) scale += Math.abs((values[t] as number) - (values[t - 7] as number));
    scale /= origin - 7;
    // A history that repeats itself exactly has no seasonal-naive error: scale by its mean instead.
    if (!(scale > 0)) scale = values.slice(0, origin).reduce((s, v) => s + Math.abs(v), 0) / origin || 1;
    const fitted = fit(values, origin, cal);
    const last = values[origin - 1] as number;
    for (let h = 0; h < horizon; h++) {
      const actual = values[origin + h] as number;
      model += Math.abs(actual - fitted.predict(origin + h)) / scale;
      naive += Math.abs(actual - last) / scale;
      seasonalNaive += Math.abs(actual - (values[origin - 7 + (h % 7)] as number)) / scale;
      count++;
    }
    origins++;
  }
  return { model: model / count, naive: naive / count, seasonalNaive: seasonalNaive / count, origins, horizon };
}
