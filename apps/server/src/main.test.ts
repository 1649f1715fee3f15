import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { DEMO_PASSWORD } from './demo/seed.ts';
import { adminUrl, databaseUrl } from './testing/postgres.ts';
import { exitCode, run, startServer } from './testing/process.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'kovanica-main-'));

async function login(url: string, email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${url}/api/v2/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; message?: string } };
}

describe('the server process', () => {
  it('seeds a new embedded database, prints the logins, stops cleanly on SIGTERM and keeps its data', async () => {
    const DATA_DIR = tmp();
    const first = await startServer({ DATA_DIR });
    expect(first.output()).toContain('Demo logins (password "kovanica-demo")');
    expect(first.output()).toContain('manager@drugi.test');
    const { body } = await login(first.url, 'admin@kovanica.test');
    const created = await fetch(`${first.url}/api/v2/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'kept@zabavni.test',
        name: 'Kept',
        surname: 'User',
        roles: ['worker'],
        company: '/api/v2/companies/1',
        password: 'ostaje-zapisano-trajno',
      }),
    });
    expect(created.status).toBe(201);
    // A second server on the same embedded database is refused (two would corrupt it), the first unharmed.
    await expect(startServer({ DATA_DIR })).rejects.toThrow(`in use by process ${first.child.pid}`);
    expect(await first.stop(), first.output()).toBe(0);

    const second = await startServer({ DATA_DIR });
    try {
      expect((await login(second.url, 'kept@zabavni.test', 'ostaje-zapisano-trajno')).status).toBe(200);
      // The same secret after a restart: the earlier token still works.
      const res = await fetch(`${second.url}/api/v2/users?itemsPerPage=1`, {
        headers: { authorization: `Bearer ${body.token}`, 'x-kovanica-view': 'all' },
      });
      expect(((await res.json()) as { totalItems: number }).totalItems).toBe(6); // 5 demo users + the one created: not seeded twice
    } finally {
      expect(await second.stop(), second.output()).toBe(0);
    }
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'migrates an empty PostgreSQL database and seeds it only with SEED_DEMO=1',
    async () => {
      const base = process.env.DATABASE_URL ?? '';
      const admin = await adminUrl(base);
      const names = [`kovanica_main_${process.pid}_a`, `kovanica_main_${process.pid}_b`];
      try {
        for (const name of names) await admin.query(`create database ${name}`);
        const plain = await startServer({ DATABASE_URL: databaseUrl(base, names[0] ?? ''), DATA_DIR: tmp() });
        expect(plain.output()).toContain('(PostgreSQL)');
        expect(plain.output()).not.toContain('Demo logins');
        expect((await login(plain.url, 'admin@kovanica.test')).status).toBe(401);
        expect(await plain.stop(), plain.output()).toBe(0);
        const seeded = await startServer({ DATABASE_URL: databaseUrl(base, names[1] ?? ''), DATA_DIR: tmp(), SEED_DEMO: '1' });
        expect((await login(seeded.url, 'manager@zabavni.test')).status).toBe(200);
        expect(await seeded.stop(), seeded.output()).toBe(0);
      } finally {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});

describe('create-admin', () => {
  const args = [
    '--email',
    'boss@operater.hr',
    '--name',
    'Iva',
    '--surname',
    'Ivić',
    '--company',
    'Operater d.o.o.',
    '--oib',
    '02994650199',
    '--address',
    'Ilica 1, Zagreb',
  ];

  it('creates the first admin and their company on an empty database, and only there', async () => {
    const DATA_DIR = tmp();
    const env = { DATA_DIR, KOVANICA_ADMIN_PASSWORD: 'a-strong-password' };
    const cli = run('apps/server/src/cli/create-admin.ts', env, args);
    let out = '';
    cli.stdout?.on('data', (d) => (out += d));
    expect(await exitCode(cli)).toBe(0);
    expect(out).toContain('Admin boss@operater.hr created.');

    const again = run('apps/server/src/cli/create-admin.ts', env, args);
    expect(await exitCode(again)).toBe(1);

    const database = await openDatabase({ dataDir: DATA_DIR });
    const rows = await database.db.select().from(users);
    await database.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'boss@operater.hr', roles: ['admin'] });
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    // Two CLI runs, each starting tsx, creating an embedded database and migrating it: on a loaded
    // 2-core machine that took over a minute once.
  }, 180_000);

  it('refuses bad input before touching the database', async () => {
    const cli = run('apps/server/src/cli/create-admin.ts', { DATA_DIR: tmp(), KOVANICA_ADMIN_PASSWORD: 'short' }, [
      '--email',
      'nope',
      '--oib',
      '123',
    ]);
    let err = '';
    cli.stderr?.on('data', (d) => (err += d));
    expect(await exitCode(cli)).toBe(2);
    expect(err).toContain('--oib');
    expect(err).toContain('--password');
  }, 60_000);
});
