import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { URL_MAP, urlMap } from './url-map.ts';

// docs/url-map.md is generated from the sources (tools/url-map.ts): a route, a feature's API call or
// a server route added, moved or renamed without regenerating it fails here.
describe('docs/url-map.md', () => {
  it('is what `npm run map` writes now', () => {
    const written = readFileSync(URL_MAP, 'utf8');
    expect(written === urlMap(), 'docs/url-map.md is stale: run npm run map').toBe(true);
  });

  it('finds a server route for every API call it lists', () => {
    const unanswered = [...urlMap().matchAll(/`no route: ([^`]+)`/g)].map((m) => m[1]);
    expect(unanswered).toEqual([]);
  });
});
