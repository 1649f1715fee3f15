import { describe, expect, it } from 'vitest';
import { resources } from './registry.ts';
import { staleAfterWrite } from './resource.ts';

describe('resource descriptions', () => {
  it('name each resource once', () => {
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('say what a write makes stale: itself, what it changes, and whatever shows one of those', () => {
    // A city shows how many locations it has; a location shows its city's name.
    expect(staleAfterWrite('cities', resources)).toEqual(expect.arrayContaining(['cities', 'locations']));
    expect(staleAfterWrite('locations', resources)).toEqual(expect.arrayContaining(['locations', 'cities', 'lessors', 'tags', 'devices']));
    // Deleting a tag takes it off devices and locations: what shows those is stale too.
    expect(staleAfterWrite('tags', resources)).toEqual(expect.arrayContaining(['tags', 'devices', 'locations', 'loggers', 'cities']));
    // Fitting a logger changes its device, and the other way round.
    expect(staleAfterWrite('loggers', resources)).toContain('devices');
    expect(staleAfterWrite('devices', resources)).toContain('loggers');
    // Nothing shows a city but locations: a city write leaves users alone.
    expect(staleAfterWrite('cities', resources)).not.toContain('users');
  });

  it('embed only resources or data tags that exist', () => {
    // Data tags bumped by routes of their own: telemetry (ingestion), month closes (`/month-closes`).
    const known = new Set<string>([...resources.map((r) => r.name), 'telemetry', 'month-closes']);
    for (const r of resources)
      for (const e of [...(r.embeds ?? []), ...(r.invalidates ?? [])]) expect(known, `${r.name} → ${e}`).toContain(e);
  });
});
