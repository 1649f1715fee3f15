import {
  type Company,
  type CompanyCreate,
  type Device,
  type DeviceCreate,
  imeiCheckDigit,
  type Lessor,
  type LessorCreate,
  type Location,
  type LocationCreate,
  type Logger,
  type LoggerCreate,
  type Maintenance,
  type MaintenanceCreate,
  oibCheckDigit,
  type Tag,
  type TagCreate,
  type TelemetryAnswer,
  type telemetryEvent,
  type User,
  type UserCreate,
} from '@kovanica/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { devicePlacements, telemetryHolds } from '../db/schema/index.ts';
import { FiscalKeys } from '../fiscal/keys.ts';
import { releaseHold } from '../modules/telemetry-holds/telemetry-holds.service.ts';
import { type DemoUser, FISCAL_TEST_SECRET, FIXTURE_PASSWORD, type TestApp } from './app.ts';

/**
 * Typed factories of test data, written through the API like a user would: each answers the created
 * item as the API shows it, with defaults that make it valid and unique, and throws with the answer
 * when the API refuses it. A test that needs a tag, a device or a deposit creates its own, so it runs
 * alone (`vitest run <file> -t <name>`) and in any order.
 *
 * The last argument is who creates it: the demo manager of company 1 unless said otherwise.
 */

let serial = 0;
/** A number no other fixture of this process took; fixtures use it for unique names, IMEIs and OIBs. */
const next = () => ++serial;

/** A valid IMEI no demo logger has (the demo fleet's start with 35693803). */
export function uniqueImei(): string {
  const body = `86999${String(next()).padStart(9, '0')}`;
  return `${body}${imeiCheckDigit(body)}`;
}

/** A valid OIB no demo company or lessor has. */
export function uniqueOib(): string {
  const body = `8${String(next()).padStart(9, '0')}`;
  return `${body}${oibCheckDigit(body)}`;
}

async function post<T>(t: TestApp, user: DemoUser | string, url: string, payload: object): Promise<T> {
  const res = await t.json<T>(user, { method: 'POST', url, payload });
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The first item of a collection (a demo city, lessor, location or device by name). */
export async function firstOf<T>(t: TestApp, url: string, user: DemoUser | string = 'manager'): Promise<T> {
  const res = await t.json<{ member: T[] }>(user, { url });
  const [item] = res.body.member ?? [];
  if (item === undefined) throw new Error(`${url} lists nothing for ${user}`);
  return item;
}

export const createTag = (t: TestApp, overrides: Partial<TagCreate> = {}, user: DemoUser | string = 'manager') =>
  post<Tag>(t, user, '/api/v2/tags', { name: `Tag ${next()}`, colour: '#228be6', ...overrides } satisfies TagCreate);

export const createLessor = (t: TestApp, overrides: Partial<LessorCreate> = {}, user: DemoUser | string = 'manager') =>
  post<Lessor>(t, user, '/api/v2/lessors', {
    name: `Lessor ${next()} d.o.o.`,
    oib: uniqueOib(),
    rentalType: 'fixed',
    ...overrides,
  } satisfies LessorCreate);

/** A location in the first demo city unless `city` is given. */
export async function createLocation(t: TestApp, overrides: Partial<LocationCreate> = {}, user: DemoUser | string = 'manager') {
  const city = overrides.city ?? (await firstOf<{ '@id': string }>(t, '/api/v2/cities?itemsPerPage=1', user))['@id'];
  return post<Location>(t, user, '/api/v2/locations', { name: `Location ${next()}`, city, ...overrides } satisfies LocationCreate);
}

/** A spare logger; its `credential` (shown once) signs its telemetry batches (`sendEvents`). */
export const createLogger = async (t: TestApp, overrides: Partial<LoggerCreate> = {}, user: DemoUser | string = 'manager') => {
  const logger = await post<Logger>(t, user, '/api/v2/loggers', { imei: uniqueImei(), ...overrides } satisfies LoggerCreate);
  return logger as Logger & { credential: string };
};

export const createDevice = (t: TestApp, overrides: Partial<DeviceCreate> = {}, user: DemoUser | string = 'manager') =>
  post<Device>(t, user, '/api/v2/devices', { name: `Device ${next()}`, group: 'other', ...overrides } satisfies DeviceCreate);

/**
 * A device fitted with a new logger of its own, to send telemetry for (`sendEvents(t, logger, events)`).
 * Play price 2,00 € and token value 1,00 € unless the overrides say otherwise. Placed at a location,
 * it stands there since a day ago, so the events a test sends from the last day are attributed to it.
 */
export async function createDeviceWithLogger(t: TestApp, overrides: Partial<DeviceCreate> = {}, user: DemoUser | string = 'manager') {
  const logger = await createLogger(t, {}, user);
  const device = await createDevice(t, { playPriceCents: 200, tokenValueCents: 100, ...overrides, logger: logger['@id'] }, user);
  if (device.location) await standsSince(t, [device], new Date(Date.now() - 86_400_000));
  return { device, logger };
}

/** The devices stand where they stand (their open placement) since `since`: events a test sends from then count there. */
export async function standsSince(t: TestApp, list: readonly { id: number }[], since: Date) {
  for (const device of list)
    await t.db
      .update(devicePlacements)
      .set({ fromAt: since })
      .where(and(eq(devicePlacements.deviceId, device.id), isNull(devicePlacements.toAt)));
}

export const createMaintenance = (t: TestApp, fields: Pick<MaintenanceCreate, 'device'> & Partial<MaintenanceCreate>, user = 'manager') =>
  post<Maintenance>(t, user, '/api/v2/maintenance', {
    date: '2020-01-15',
    type: 'repair',
    description: `Work ${next()}`,
    ...fields,
  } satisfies MaintenanceCreate);

/** A user of company 1 with the demo password (so `t.token(user.email)` signs in) unless said otherwise; created by the admin. */
export const createUser = (t: TestApp, overrides: Partial<UserCreate> = {}, user: DemoUser | string = 'admin') => {
  const n = next();
  return post<User>(t, user, '/api/v2/users', {
    email: `user${n}@fixture.test`,
    name: 'Fixture',
    surname: `User ${n}`,
    roles: ['worker'],
    company: '/api/v2/companies/1',
    password: FIXTURE_PASSWORD,
    ...overrides,
  } satisfies UserCreate);
};

/** A company (a subsidiary of company 1 when `parent` says so); created by the admin. */
export const createCompany = (t: TestApp, overrides: Partial<CompanyCreate> = {}, user: DemoUser | string = 'admin') =>
  post<Company>(t, user, '/api/v2/companies', {
    name: `Company ${next()} d.o.o.`,
    oib: uniqueOib(),
    address: 'Ilica 1',
    activeModules: ['devices'],
    ...overrides,
  } satisfies CompanyCreate);

/** A telemetry event as a logger sends it (defaults not spelled out). */
export type EventInput = z.input<typeof telemetryEvent>;

/** Sends a batch signed with a logger's credential; the raw answer, for tests of refusals. */
export const sendBatch = (
  t: TestApp,
  logger: { imei: string; credential: string },
  events: EventInput[],
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${logger.credential}` },
    payload: { imei: logger.imei, events },
  });

/** Sends a batch that must be accepted, and answers the server's acknowledgement. */
export async function sendEvents(t: TestApp, logger: { imei: string; credential: string }, events: EventInput[]): Promise<TelemetryAnswer> {
  const res = await sendBatch(t, logger, events);
  if (res.statusCode !== 200) throw new Error(`telemetry batch answered ${res.statusCode}: ${res.body}`);
  return res.json<TelemetryAnswer>();
}

/**
 * Releases every batch of the logger held as implausible, as a manager would (docs/rules.md,
 * "Plausibility"): for a test whose figures are beyond what a machine takes on purpose (a report's
 * largest sums), counted once a person has looked. Answers how many it released.
 */
export async function releaseHeld(t: TestApp, logger: { id: number }): Promise<number> {
  const held = await t.db
    .select({ id: telemetryHolds.id })
    .from(telemetryHolds)
    .where(and(eq(telemetryHolds.loggerId, logger.id), eq(telemetryHolds.status, 'held')));
  for (const hold of held) await releaseHold(t.db, new FiscalKeys(FISCAL_TEST_SECRET), hold.id);
  return held.length;
}
