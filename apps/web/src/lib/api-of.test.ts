import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiOf } from './api-of.ts';

describe('apiOf', () => {
  // The API modules load the i18n module, which marks the page's language once its dictionary is in.
  beforeAll(() => vi.stubGlobal('document', { documentElement: {} }));

  it("finds every resource's API by its name, in the module named after it", async () => {
    const names = readdirSync(new URL('./apis/', import.meta.url)).map((file) => file.replace(/\.ts$/, ''));
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) expect((await apiOf(name)).name).toBe(name);
  });

  it('refuses a name no module answers to', async () => {
    await expect(apiOf('nothing')).rejects.toThrow(/no API for the resource nothing/);
  });
});
