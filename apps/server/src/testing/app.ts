import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { type AppOptions, buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from '../demo/seed.ts';
import { FiscalKeys } from '../fiscal/keys.ts';
import type { LoginLimits } from '../modules/auth/auth.service.ts';
import { freshDatabase } from './database.ts';

/** The demo users' e-mails by the part they play. */
export const demo = Object.fromEntries(Object.entries(demoAccounts).map(([key, a]) => [key, a.email])) as {
  [K in keyof typeof demoAccounts]: (typeof demoAccounts)[K]['email'];
};
export type DemoUser = keyof typeof demo;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Signs a demo user (or any e-mail with the demo password) in and returns the token. */
  token(user: DemoUser | string): Promise<string>;
  /** Forgets the user's token, so the next request signs in again (after their sign-ins were ended). */
  forget(user: DemoUser | string): void;
  /** `inject` with the user's bearer token (or none for `null`). */
  as(user: DemoUser | string | null, request: InjectOptions): Promise<LightMyRequestResponse>;
  /** The same, with a JSON body parsed from the answer. */
  json<T = Record<string, unknown>>(
    user: DemoUser | string | null,
    request: InjectOptions,
  ): Promise<{ status: number; body: T; headers: LightMyRequestResponse['headers'] }>;
}

/**
 * The real app on a fresh database with the demo seed: called at the top of a test file, it is closed
 * after the file's tests; called inside a test (an app with options of its own), after that test.
 * `setup` may add routes before the app is ready (tests of the guard itself do).
 */
export async function testApp(
  options: {
    loginLimits?: LoginLimits;
    /** Multiplies the limits of keys, uploads and exports (the API fuzzer). */
    limitScale?: number;
    setup?: (app: FastifyInstance) => void;
    statementTimeoutMs?: number;
    /** A built web app to serve (default: none). */
    webDist?: string;
    /** The job queue and its workers (default: none). */
    jobs?: AppOptions['jobs'];
    /** The simulated CIS the 'simulated' fiscal environment talks to (default: none). */
    simulatedCis?: AppOptions['simulatedCis'];
    /** Web Push: the VAPID keys, and endpoints at http://127.0.0.1 for the fake push service (default: none). */
    push?: AppOptions['push'];
    /** The maps' tiles (default: none, as nothing outside is reachable in tests). */
    mapTiles?: AppOptions['mapTiles'];
    /** The bearer token `/metrics` asks for (default: none, this machine only). */
    metricsToken?: string;
    /** Loggers over MQTT: an embedded broker (port 0: a free one) or an external broker's URL (default: none). */
    mqtt?: AppOptions['mqtt'];
    /** The app's logger (default: errors only, which print their cause). */
    logger?: AppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase({ statementTimeoutMs: options.statementTimeoutMs });
  await seedDemo(database.db, new FiscalKeys(FISCAL_TEST_SECRET));
  const app = await buildApp({
    database,
    jwtSecret: JWT_TEST_SECRET,
    fiscalKeySecret: FISCAL_TEST_SECRET,
    webDist: options.webDist ?? null,
    loginLimits: options.loginLimits,
    limitScale: options.limitScale,
    jobs: options.jobs,
    simulatedCis: options.simulatedCis,
    push: options.push,
    mapTiles: options.mapTiles ?? null,
    mqtt: options.mqtt,
    metricsToken: options.metricsToken ?? null,
    // An unhandled error (a 500) prints its cause: a test that meets one once on a loaded machine says why.
    logger: options.logger ?? { level: 'error' },
  });
  options.setup?.(app);
  await app.ready();
  const close = async () => {
    await app.close();
    await database.dispose();
  };
  // Made inside a test, the app closes when that test ends; made at the top of a file or in a
  // `describe`, after the file's tests. (An `afterAll` registered inside a test never runs: such
  // apps were left open, their job queues polling, their databases left on the server.)
  try {
    onTestFinished(close);
  } catch {
    afterAll(close);
  }

  const tokens = new Map<string, string>();
  const token = async (user: string) => {
    const email = user in demo ? demo[user as DemoUser] : user;
    const cached = tokens.get(email);
    if (cached) return cached;
    // The demo's users have the demo's password; the users a test makes, the fixtures' (`createUser`).
    const password = Object.values(demo).includes(email as (typeof demo)[DemoUser]) ? DEMO_PASSWORD : FIXTURE_PASSWORD;
    const res = await app.inject({ method: 'POST', url: '/api/v2/authentication_token', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
    const value = res.json<{ token: string }>().token;
    tokens.set(email, value);
    return value;
  };
  const as = async (user: string | null, request: InjectOptions) => {
    const headers = { ...(request.headers ?? {}) } as Record<string, string>;
    if (user) headers.authorization = `Bearer ${await token(user)}`;
    return app.inject({ ...request, headers });
  };
  return {
    app,
    db: database.db,
    token,
    forget: (user: string) => tokens.delete(user in demo ? demo[user as DemoUser] : user),
    as,
    async json(user, request) {
      const res = await as(user, request);
      return { status: res.statusCode, body: res.body ? res.json() : (undefined as never), headers: res.headers };
    },
  };
}

/**
 * The password of the users the tests make: the demo's own (`kovanica-demo`) is refused for any new
 * account, as a password everyone who has seen the demo knows.
 */
export const FIXTURE_PASSWORD = 'ribizl-kava-na-plitvicama';

/** The signing key of the test apps' tokens (tests forge tokens with it). */
export const JWT_TEST_SECRET = 'test-secret-that-is-long-enough-1234567890';
/** Seals the test companies' fiscal keys. */
export const FISCAL_TEST_SECRET = 'fiscal-test-secret-that-is-long-enough-0987654321';

export const mergePatch = { 'content-type': 'application/merge-patch+json' };
