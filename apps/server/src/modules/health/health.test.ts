import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';

const t = await testApp();

describe('readiness', () => {
  it('is ready while serving, and answers 503 once the instance drains, in the asker’s language', async () => {
    const ready = await t.as(null, { url: '/api/v2/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    t.app.readiness.draining = true;
    try {
      const draining = await t.as(null, { url: '/api/v2/health/ready', headers: { 'accept-language': 'hr' } });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ message: 'Ovaj se poslužitelj zaustavlja; zahtjev preuzima drugi.' });
      // Still serving meanwhile: what the proxy already sent is answered.
      expect((await t.as(null, { url: '/api/v2/health' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });
});
