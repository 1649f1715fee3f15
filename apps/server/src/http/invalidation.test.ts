import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Collection, Device } from '@kovanica/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminUrl, databaseUrl } from '../testing/postgres.ts';
import { type Started, startServer } from '../testing/process.ts';

/**
 * Two real server processes on one PostgreSQL database, read caches on (decision 0003): a write
 * through one is seen by a read through the other within a second, not after the cache's 30 s.
 * PGlite belongs to one process, so there is nothing to test there.
 */
const base = process.env.DATABASE_URL;
const template = inject('pgTemplate');

describe.skipIf(!base || !template)('two server processes on one PostgreSQL', () => {
  const servers: Started[] = [];
  const name = `kovanica_procs_${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (!base) return;
    const admin = await adminUrl(base);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('see each other’s writes within a second, caches on', { timeout: 120_000 }, async () => {
    const admin = await adminUrl(base as string);
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const env = {
      DATABASE_URL: databaseUrl(base as string, name),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kovanica-procs-')),
      JWT_SECRET: 'two-processes-secret-two-processes-secret',
      SEED_DEMO: '1',
    };
    // One after the other: the first seeds the demo, the second finds it there.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [one, two] = servers.map((s) => s.url) as [string, string];

    const login = await fetch(`${one}/api/v2/authentication_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@zabavni.test', password: 'kovanica-demo' }),
    });
    const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
    const names = async (server: string) => {
      const res = await fetch(`${server}/api/v2/devices?order[name]=asc&itemsPerPage=5`, { headers: { authorization } });
      expect(res.status).toBe(200);
      return ((await res.json()) as Collection<Device>).member.map((d) => d.name);
    };
    const rename = async (server: string, device: string, to: string) => {
      const res = await fetch(`${server}${device}`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify({ name: to }),
      });
      expect(res.status).toBe(200);
    };
    /** Milliseconds until `server`'s list shows `expected`, reading every 20 ms (at most 5 s). */
    const seenAfter = async (server: string, expected: string) => {
      const started = performance.now();
      while (performance.now() - started < 5_000) {
        if ((await names(server)).includes(expected)) return performance.now() - started;
        await new Promise((r) => setTimeout(r, 20));
      }
      return Number.POSITIVE_INFINITY;
    };

    const devices = await fetch(`${one}/api/v2/devices?order[name]=asc&itemsPerPage=2`, { headers: { authorization } });
    const [first, second] = ((await devices.json()) as Collection<Device>).member;
    // Both processes have the list cached.
    for (const server of [one, two, one, two]) await names(server);

    await rename(one, first?.['@id'] ?? '', 'A renamed through one');
    const oneToTwo = await seenAfter(two, 'A renamed through one');
    await rename(two, second?.['@id'] ?? '', 'A renamed through two');
    const twoToOne = await seenAfter(one, 'A renamed through two');
    console.info(`cross-process invalidation: seen after ${oneToTwo.toFixed(0)} ms and ${twoToOne.toFixed(0)} ms`);
    expect(oneToTwo).toBeLessThan(1000);
    expect(twoToOne).toBeLessThan(1000);
  });
});
