import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'kovanica-config-'));

describe('configuration', () => {
  it('has a default for everything', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      dataDir,
      jwtTtl: '12h',
      seedDemo: undefined,
      seedHistory: true,
      logLevel: 'info',
    });
  });

  it('generates the JWT secret once and keeps it in the data directory', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '4123',
      DATABASE_URL: 'postgres://u@db:5432/kovanica',
      JWT_SECRET: 'x'.repeat(40),
      SEED_DEMO: '1',
      DATA_DIR: dir(),
    });
    expect(config).toMatchObject({ port: 4123, databaseUrl: 'postgres://u@db:5432/kovanica', jwtSecret: 'x'.repeat(40), seedDemo: true });
    expect(loadConfig({ SEED_DEMO: 'off', DATA_DIR: dir() }).seedDemo).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true', DATA_DIR: dir() }).trustProxy).toBe(true);
    expect(loadConfig({ DATABASE_URL: '', DATA_DIR: dir() }).databaseUrl).toBeUndefined();
  });

  it('reads the SMTP server and the sender; without SMTP_URL mail stays in the outbox', () => {
    expect(loadConfig({ DATA_DIR: dir() })).toMatchObject({ smtpUrl: undefined, mailFrom: 'Kovanica <noreply@kovanica.local>' });
    expect(loadConfig({ SMTP_URL: '', DATA_DIR: dir() }).smtpUrl).toBeUndefined();
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.hr:465', MAIL_FROM: 'Ops <ops@example.hr>', DATA_DIR: dir() });
    expect(config).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.hr:465', mailFrom: 'Ops <ops@example.hr>' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.hr', DATA_DIR: dir() })).toThrow(/SMTP_URL/);
  });

  it('reads the CORS origins: none by default, a comma-separated list of origins otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir() }).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: '', DATA_DIR: dir() }).corsOrigins).toEqual([]);
    const config = loadConfig({ CORS_ORIGINS: 'https://admin.example.hr, http://localhost:5173', DATA_DIR: dir() });
    expect(config.corsOrigins).toEqual(['https://admin.example.hr', 'http://localhost:5173']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://admin.example.hr/path', DATA_DIR: dir() })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: '*', DATA_DIR: dir() })).toThrow(/CORS_ORIGINS/);
  });

  it('keeps raw telemetry forever unless a retention of 13 months or more is set (docs/rules.md "Retention of raw events")', () => {
    expect(loadConfig({ DATA_DIR: dir() }).telemetryRetentionMonths).toBeUndefined();
    expect(loadConfig({ TELEMETRY_RETENTION_MONTHS: '24', DATA_DIR: dir() }).telemetryRetentionMonths).toBe(24);
    expect(() => loadConfig({ TELEMETRY_RETENTION_MONTHS: '12', DATA_DIR: dir() })).toThrow(/TELEMETRY_RETENTION_MONTHS: at least 13/);
    expect(() => loadConfig({ TELEMETRY_RETENTION_MONTHS: '1.5', DATA_DIR: dir() })).toThrow(/TELEMETRY_RETENTION_MONTHS/);
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x/y', DATA_DIR: dir() })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short', DATA_DIR: dir() })).toThrow(/JWT_SECRET must have at least 32 characters/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe', DATA_DIR: dir() })).toThrow(/SEED_DEMO/);
  });
});
