import { type Location, type PaymentMethod, type RentalType, type Weekday, type WorkingHours, weekdays } from '@kovanica/contract';

/** One weekday in the form: closed days keep their times, so switching a day back on restores them. */
export interface DayValues {
  open: boolean;
  /** `HH:mm` */
  start: string;
  end: string;
}

export interface LocationValues {
  company: string | null;
  name: string;
  city: string | null;
  active: boolean;
  lessor: string | null;
  description: string;
  street: string;
  address: string;
  responsibleWorker: string | null;
  workingHours: Record<Weekday, DayValues>;
  rentalType: RentalType | null;
  contractRentalAmountCents: number | null;
  incomeLimitCents: number | null;
  rentalPercentage: number | null;
  fiscalization: boolean;
  paymentMethod: PaymentMethod;
  premisesLabel: string;
  /** NumberInput values: a number, or text while empty or half-typed. */
  latitude: number | string;
  longitude: number | string;
  tags: string[];
}

/** A new location's day: open 08:00–20:00, the commonest shop hours, so most forms need no change. */
const DEFAULT_DAY: DayValues = { open: true, start: '08:00', end: '20:00' };

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const coordinate = (value: number | string) => (value === '' ? null : typeof value === 'number' ? value : Number(value.replace(',', '.')));

/**
 * A typed time made whole: `8` → `08:00`, `830` → `08:30`, `8:5` stays as typed (the validator
 * names the problem). Applied when a time field loses focus.
 */
export function normalizeTime(value: string): string {
  const text = value.trim();
  let m = /^(\d{1,2})$/.exec(text);
  if (m?.[1]) return `${m[1].padStart(2, '0')}:00`;
  m = /^(\d{1,2})[:.]?(\d{2})$/.exec(text);
  if (m?.[1] && m[2]) return `${m[1].padStart(2, '0')}:${m[2]}`;
  return text;
}

/** An end before the start closes after midnight (docs/rules.md "Units, formats and languages"). */
export const closesAfterMidnight = (day: DayValues) =>
  /^\d{2}:\d{2}$/.test(day.start) && /^\d{2}:\d{2}$/.test(day.end) && day.end < day.start;

const workingHoursOf = (hours?: WorkingHours): Record<Weekday, DayValues> =>
  Object.fromEntries(
    weekdays.map((day) => {
      if (!hours) return [day, { ...DEFAULT_DAY }];
      const h = hours[day];
      return [day, h ? { open: true, start: h.start, end: h.end } : { open: false, start: '', end: '' }];
    }),
  ) as Record<Weekday, DayValues>;

export const valuesOf = (location?: Location): LocationValues => ({
  company: location?.company ?? null,
  name: location?.name ?? '',
  city: location?.city ?? null,
  active: location?.active ?? true,
  lessor: location?.lessor ?? null,
  description: location?.description ?? '',
  street: location?.street ?? '',
  address: location?.address ?? '',
  responsibleWorker: location?.responsibleWorker ?? null,
  workingHours: workingHoursOf(location?.workingHours),
  rentalType: location?.rentalType ?? null,
  contractRentalAmountCents: location?.contractRentalAmountCents ?? null,
  incomeLimitCents: location?.incomeLimitCents ?? null,
  rentalPercentage: location?.rentalPercentage ?? null,
  fiscalization: location?.fiscalization ?? true,
  paymentMethod: location?.paymentMethod ?? 'cash',
  premisesLabel: location?.premisesLabel ?? '',
  latitude: location?.latitude ?? '',
  longitude: location?.longitude ?? '',
  tags: location?.tags ?? [],
});

/** The patch body before validation; the contract schema then parses it into the typed body. */
export const toPatchInput = (v: LocationValues) => ({
  name: v.name,
  // Left out when not chosen, so the schema says "required".
  city: v.city ?? undefined,
  active: v.active,
  lessor: v.lessor,
  description: orNull(v.description),
  street: orNull(v.street),
  address: orNull(v.address),
  workingHours: Object.fromEntries(
    weekdays.map((day) => [
      day,
      v.workingHours[day].open ? { start: v.workingHours[day].start.trim(), end: v.workingHours[day].end.trim() } : null,
    ]),
  ),
  responsibleWorker: v.responsibleWorker,
  rentalType: v.rentalType,
  contractRentalAmountCents: v.contractRentalAmountCents,
  incomeLimitCents: v.incomeLimitCents,
  rentalPercentage: v.rentalPercentage,
  fiscalization: v.fiscalization,
  paymentMethod: v.paymentMethod,
  premisesLabel: orNull(v.premisesLabel),
  latitude: coordinate(v.latitude),
  longitude: coordinate(v.longitude),
  tags: v.tags,
});

// The company is named only when picked (All Companies view); left out, the server uses the user's own.
export const toCreateInput = (v: LocationValues) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });

const DOT_NUMBER = '-?\\d+(?:\\.\\d+)?';
const COMMA_NUMBER = '-?\\d+(?:,\\d+)?';
/** One number, its decimals after a point or a comma: "45.8150", "45,8150". */
const ONE = /^-?\d+(?:[.,]\d+)?$/;
/** Two numbers with points, between them a comma, a semicolon or spaces: "44.8666, 13.8496" (a map app's copy). */
const DOT_PAIR = new RegExp(`^(${DOT_NUMBER})\\s*[,;\\s]\\s*(${DOT_NUMBER})$`);
/** Two numbers with decimal commas, between them a semicolon or spaces: "44,8666; 13,8496". */
const COMMA_PAIR = new RegExp(`^(${COMMA_NUMBER})\\s*(?:;|\\s)\\s*(${COMMA_NUMBER})$`);

/**
 * What a pasted coordinate text means (the field's own parser dropped a decimal comma: "45,8150"
 * became 458150): one number with a decimal comma or point, or a latitude and longitude together,
 * as a map app copies them. Null when it is neither: the field takes the text as it is.
 */
export function pastedCoordinates(text: string): { latitude: number; longitude: number } | { value: number } | null {
  const s = text.trim();
  const number = (n: string) => Number(n.replace(',', '.'));
  // One number first: "45,8150" is a decimal comma, not the pair 45 and 8150.
  if (ONE.test(s)) return { value: number(s) };
  const pair = DOT_PAIR.exec(s) ?? COMMA_PAIR.exec(s);
  if (pair?.[1] !== undefined && pair[2] !== undefined) return { latitude: number(pair[1]), longitude: number(pair[2]) };
  return null;
}
