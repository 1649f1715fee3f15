import type { ResourceApi } from './resource-api.ts';

type DetailApi = Pick<ResourceApi<unknown>, 'name' | 'detail' | 'path'>;

/**
 * Every resource's API module (`apis/<name>.ts`), to load when asked for: the kit's edit routes know a
 * resource by its name, and each builds only its own resource's schemas, not all of them (decision
 * 0016). A new module in `apis/` is found without a line here.
 */
const modules = import.meta.glob<Record<string, DetailApi>>('./apis/*.ts');

/** A resource's name, screens' path and detail query, by its name (`apis/<name>.ts`), loaded with the edit screen. */
export async function apiOf(name: string): Promise<DetailApi> {
  const load = modules[`./apis/${name}.ts`];
  const api = load && Object.values(await load()).find((one) => one.name === name);
  if (!api) throw new Error(`[kovanica-web] no API for the resource ${name}`);
  return api;
}
