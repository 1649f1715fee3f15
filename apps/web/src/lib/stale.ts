import { resources, staleAfterWrite } from '@kovanica/contract';

/**
 * What a write to the resource `name` makes stale (itself, what it declares it changes, and every
 * resource that embeds one of those), as query keys. It reads every resource's description, so it
 * is imported when a write happens (`resource-hooks.ts`), not with the screens.
 */
export const staleKeys = (name: string) => staleAfterWrite(name, resources).map((stale) => [stale] as const);
