import type { SearchAnswer } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { demoImei } from '../../demo/fleet.ts';
import { testApp } from '../../testing/app.ts';

const t = await testApp();
const search = (user: 'manager' | 'worker' | 'otherManager' | 'accountant', q: string) =>
  t.json<SearchAnswer>(user, { url: `/api/v2/search?q=${encodeURIComponent(q)}` });

describe('quick search', () => {
  it('finds devices by name or IMEI, locations, lessors and people the caller may read', async () => {
    const res = await search('manager', 'arena');
    expect(res.body.results.map((r) => [r.kind, r.title])).toEqual([
      ['location', 'Arena Centar — dječji kutak'],
      ['location', 'Arena Centar — galerija'],
      ['lessor', 'Arena Centar d.o.o.'],
    ]);
    const byImei = await search('manager', demoImei(5).slice(-6));
    expect(byImei.body.results.map((r) => r.kind).sort()).toEqual(['device', 'logger']);
    expect((await search('manager', 'horvat')).body.results).toMatchObject([
      { kind: 'user', title: 'Marko Horvat', detail: 'manager@zabavni.test' },
    ]);
    // A worker reads no lessors or users; another company finds nothing of this one.
    expect((await search('worker', 'arena')).body.results.map((r) => r.kind)).toEqual(['location', 'location']);
    expect((await search('otherManager', 'arena')).body.results).toEqual([]);
  });

  it('needs at least two characters, and treats wildcards as text', async () => {
    expect((await search('manager', 'a')).status).toBe(400);
    expect((await search('manager', '%%')).body.results).toEqual([]);
  });
});
