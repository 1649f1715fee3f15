// The boundaries between the parts of the code, checked by `npm run lint` (decision 0012). Paths are
// resolved files relative to the repository root, so a rule holds however an import is spelled.
// `tools/boundaries.test.ts` breaks each rule on purpose and expects the checker to refuse.

const server = '^apps/server/src/';
const test = '\\.test\\.ts$';

/**
 * Files of a server module that other modules may import besides its service. Keep this short: a
 * module's service is its public face; a file belongs here only when it is a pure helper with no
 * rule of the module's own, and each entry says why.
 */
const publicModuleFiles = [
  // The span between two audits of a machine, free of the database: the product sales report (planograms) reads
  // the audits' sales through it, and the audits' service calls the planograms' (a cycle through the service).
  `${server}modules/machine-audits/machine-audits\\.span\\.ts$`,
];

module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment: 'A web feature never imports another: shared pieces go to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-to-server',
      comment: 'The web app shares nothing with the server but the contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-to-web',
      comment: 'The server shares nothing with the web app but the contract.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'contract-imports-only-zod',
      comment: 'The contract imports zod and its own files, nothing else (its tests also vitest).',
      severity: 'error',
      from: { path: '^packages/contract/src/', pathNot: test },
      to: { pathNot: ['^packages/contract/src/', '^node_modules/zod/'] },
    },
    {
      name: 'contract-tests-import-only-zod-and-vitest',
      comment: 'The contract tests import the contract, zod and vitest.',
      severity: 'error',
      from: { path: `^packages/contract/src/.*${test}` },
      to: { pathNot: ['^packages/contract/src/', '^node_modules/zod/', '^node_modules/vitest/'] },
    },
    {
      name: 'module-to-module-internals',
      comment:
        'A server module uses another module through its service (modules/<n>/<n>.service.ts) or a file listed in publicModuleFiles, never its queries or helpers.',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/` },
      to: {
        path: `${server}modules/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/(?<m>[^/]+)/\\k<m>\\.service\\.ts$`, ...publicModuleFiles],
      },
    },
    {
      name: 'db-is-the-bottom',
      comment:
        'db/ (schema, client, data helpers) imports no other server code: not http/, not modules/, not the demo. Its tests may open a test database (testing/).',
      severity: 'error',
      from: { path: `${server}db/`, pathNot: test },
      to: { path: server, pathNot: `${server}db/` },
    },
    {
      name: 'http-uses-db-types-only',
      comment:
        'http/ may use the database handle (db/client.ts), the page query (db/paging.ts) and map the data errors (db/errors.ts); no schema, no SQL of its own. Tests may seed.',
      severity: 'error',
      from: { path: `${server}http/`, pathNot: test },
      to: { path: `${server}db/`, pathNot: `${server}db/(client|errors|paging)\\.ts$` },
    },
    {
      name: 'services-free-of-http',
      comment:
        "A module's routes file is its only HTTP part: services and their helpers use core/ (the caller's context, domain errors, tenancy, collection queries, table reads), never http/.",
      severity: 'error',
      from: { path: `${server}modules/`, pathNot: [test, '\\.routes\\.ts$'] },
      to: { path: `${server}http/` },
    },
    {
      name: 'core-is-neutral',
      comment: 'core/ is what services are built on: it uses the data layer and the contract, no HTTP, no module, no demo.',
      severity: 'error',
      from: { path: `${server}core/`, pathNot: test },
      to: { path: server, pathNot: [`${server}core/`, `${server}db/`] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles between files (the generated route tree is left out of the check, see options.exclude).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'http-to-modules',
      comment: 'http/ is the dialect every module uses; it knows no module.',
      severity: 'error',
      from: { path: `${server}http/`, pathNot: test },
      to: { path: `${server}modules/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '/migrations/', '\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
