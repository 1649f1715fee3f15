import { config } from 'zod/v4/core';

// No `new Function` in zod's parsers: the CSP forbids eval, and zod's probe for it is a violation the
// browser reports on every page (decision 0016). main.tsx imports this module first, so it runs
// before any schema is built (zod decides when an object schema is made, not when it parses).
config({ jitless: true });
