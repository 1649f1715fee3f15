import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MapTiles } from '@kovanica/contract';
import { z } from 'zod';
import { MIN_RETENTION_MONTHS } from './modules/telemetry/telemetry.partitions.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => (v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

/** OpenStreetMap's standard tiles, the maps' default (decision 0052), and the attribution their licence asks for. */
export const OSM_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
  maxZoom: 19,
};

/** A tile URL template: http(s), a host (`{s}` may stand for a subdomain), and `{z}`, `{x}`, `{y}`. */
const tilesUrl = z
  .string()
  .trim()
  .refine(
    (v) => /^https?:\/\/[^/?#\s]+\/\S*$/.test(v) && ['{z}', '{x}', '{y}'].every((part) => v.includes(part)),
    'MAP_TILES_URL: a tile URL such as https://tile.example.com/{z}/{x}/{y}.png, or `none` for no tiles',
  );

/** Environment variables, each with its default (documented in the README). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  FISCAL_KEY_SECRET: z.string().min(32, 'FISCAL_KEY_SECRET must have at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/)
    .default('12h'),
  SEED_DEMO: flag.optional(),
  SEED_HISTORY: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.optional(),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be smtp://user:password@host:port or smtps://…' }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Kovanica <noreply@kovanica.local>'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/[^/?#\s]+$/, 'CORS_ORIGINS: comma-separated origins, each scheme://host[:port] without a path'),
      ),
    ),
  MAP_TILES_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.union([z.literal('none'), tilesUrl]).optional()),
  MAP_TILES_ATTRIBUTION: z.string().trim().max(500).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  TELEMETRY_RETENTION_MONTHS: z.coerce
    .number()
    .int()
    .min(MIN_RETENTION_MONTHS, `TELEMETRY_RETENTION_MONTHS: at least ${MIN_RETENTION_MONTHS} (docs/rules.md "Retention of raw events")`)
    .max(1200)
    .optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN: at least 16 characters').max(200).optional(),
  MAP_TILES_MAX_ZOOM: z.coerce.number().int().min(1).max(22).optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MQTT_HOST: z.string().min(1).optional(),
  MQTT_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^mqtts?$/, error: 'MQTT_URL must be mqtt://user:password@host:port or mqtts://…' }).optional()),
  MQTT_CLIENT_ID: z.string().min(1).max(64).optional(),
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'MQTT_SHARED_GROUP: a group name of letters, digits, _ and -, or `none` for a plain subscription')
    .default('kovanica'),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY: the base64url public key `npx web-push generate-vapid-keys` gives')
        .optional(),
    ),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY: the base64url private key `npx web-push generate-vapid-keys` gives')
        .optional(),
    ),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'VAPID_SUBJECT: a mailto: address or an https: URL')
        .optional(),
    ),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  jwtTtl: string;
  /** Encrypts the companies' fiscal private keys at rest (AES-256-GCM; decision 0017). */
  fiscalKeySecret: string;
  /** undefined: seed a new embedded database only. */
  seedDemo: boolean | undefined;
  /** With the demo, its fleet's 13 months of telemetry (about a minute on PGlite). */
  seedHistory: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (sign-in limits count per address). */
  trustProxy: boolean;
  /** PostgreSQL: the longest a statement may run (0: no limit; default 5 s, decision 0010). */
  statementTimeoutMs: number | undefined;
  /** The SMTP server e-mails go through (decision 0025); undefined: they stay in the outbox, `held`. */
  smtpUrl: string | undefined;
  /** The From of every e-mail. */
  mailFrom: string;
  /** Origins whose browser pages may call the API (CORS, decision 0046); none by default. */
  corsOrigins: string[];
  /**
   * Web Push (decision 0050): the VAPID key pair when both keys are set (else one generated and kept in
   * the database), and the contact push services see.
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string | undefined;
  /** The maps' tiles (decision 0052): OpenStreetMap's unless `MAP_TILES_URL` names others; null with `none`. */
  mapTiles: MapTiles | null;
  /** The bearer token `/metrics` asks for (decision 0058); undefined: only this machine may scrape. */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long the instance answers "not ready" (503 on /health/ready) while still serving,
   * before it stops accepting: the proxy's checks take it out first (docs/deploy.md "Rolling restart").
   */
  shutdownDrainMs: number;
  /**
   * How many whole months of raw telemetry are kept before the current one (docs/rules.md "Retention
   * of raw events", decision 0059); undefined keeps them all. Rollups, bills and ledgers are not touched.
   */
  telemetryRetentionMonths: number | undefined;
  /**
   * Loggers over MQTT (decision 0057): the embedded broker on `MQTT_PORT` (at `MQTT_HOST`, default
   * `HOST`), the batches of an external broker at `MQTT_URL` (as `MQTT_CLIENT_ID`, in the shared
   * subscription group `MQTT_SHARED_GROUP`, null for `none`); off unless set.
   */
  mqtt: { port: number | null; host: string; url: string | null; clientId: string | undefined; sharedGroup: string | null };
}

/** Reads and validates the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    fiscalKeySecret: e.FISCAL_KEY_SECRET ?? persistentSecret(dataDir, 'fiscal-key-secret'),
    jwtTtl: e.JWT_TTL,
    seedDemo: e.SEED_DEMO,
    seedHistory: e.SEED_HISTORY ?? true,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY ?? false,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins: e.CORS_ORIGINS,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    mapTiles: mapTilesOf(e.MAP_TILES_URL, e.MAP_TILES_ATTRIBUTION, e.MAP_TILES_MAX_ZOOM),
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    telemetryRetentionMonths: e.TELEMETRY_RETENTION_MONTHS,
    mqtt: {
      port: e.MQTT_PORT ?? null,
      host: e.MQTT_HOST ?? e.HOST,
      url: e.MQTT_URL ?? null,
      clientId: e.MQTT_CLIENT_ID,
      sharedGroup: e.MQTT_SHARED_GROUP === 'none' ? null : e.MQTT_SHARED_GROUP,
    },
  };
}

/**
 * The tiles from the three variables: none with `none`; OpenStreetMap's when no URL is given; another
 * server's with its own attribution (OpenStreetMap's by default, as most tile servers draw its data).
 */
function mapTilesOf(url: string | undefined, attribution: string | undefined, maxZoom: number | undefined): MapTiles | null {
  if (url === 'none') return null;
  return {
    url: url || OSM_TILES.url,
    attribution: attribution || OSM_TILES.attribution,
    maxZoom: maxZoom ?? OSM_TILES.maxZoom,
  };
}

/** A secret generated once and kept in the data directory, so tokens (and encrypted keys) survive restarts. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
