// No `new Function` in zod's parsers: the CSP forbids eval, and zod's probe for it is a violation the
// browser reports on every page (decision 0016). zod decides when a schema is built, and the chunk
// that builds the contract's schemas runs before any code of the app's entry, whatever its import
// order: so this classic script, loaded before the app, sets zod's global configuration where zod
// keeps it (globalThis.__zod_globalConfig), without importing zod.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
