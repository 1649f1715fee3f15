/**
 * The served OpenAPI document with its references written out: each `#/components/schemas/X` and
 * `#/components/responses/X` replaced by what it names (the same object wherever it is named), for
 * the tests that read schemas where an operation uses them (the fuzzer, the field rules).
 */
export function inlineRefs<T>(document: T): T {
  const root = document as { components?: Record<string, Record<string, unknown>> };
  const resolved = new Map<string, unknown>();
  const resolving = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const { $ref } = node as { $ref?: unknown };
    if (typeof $ref === 'string') {
      const [, kind = '', name = ''] = /^#\/components\/(\w+)\/(.+)$/.exec($ref) ?? [];
      const target = root.components?.[kind]?.[name];
      // A reference to itself (none today) stays a reference.
      if (target === undefined || resolving.has($ref)) return node;
      if (!resolved.has($ref)) {
        resolving.add($ref);
        resolved.set($ref, walk(target));
        resolving.delete($ref);
      }
      return resolved.get($ref);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(document) as T;
}
