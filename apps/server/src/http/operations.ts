/**
 * Every operation's `operationId` and `summary` for the OpenAPI document, named once here
 * (docs/decisions/0030-operation-ids.md). Client generators name their methods after the operationId,
 * so an id never changes once published: renaming one is a breaking change of the API.
 *
 * - A route may name itself (`schema.operationId`, `schema.summary`); that wins.
 * - The standard routes of a resource (the resource kit's shape: `/api/v2/<stem>` and
 *   `/api/v2/<stem>/:id`) are named from the stem and the verb: `listDevices`, `getDevice`,
 *   `createDevice`, `updateDevice`, `deleteDevice`, with a summary to match.
 * - Every other route is named in `customOperationIds` below; the suite fails for one that is not
 *   (src/http/openapi.test.ts), so a new route gets a deliberate name, not a generated one.
 */

const PREFIX = '/api/v2/';

/** `METHOD /api/v2/path/{param}` (the document's spelling) → operationId. */
export const customOperationIds: Readonly<Record<string, string>> = {
  'GET /api/v2/health': 'getHealth',
  'GET /api/v2/health/ready': 'getReadiness',
  'POST /api/v2/authentication_token': 'signIn',
  'POST /api/v2/logout': 'signOut',
  'GET /api/v2/settings': 'getSettings',
  'POST /api/v2/users/{id}/photo': 'uploadUserPhoto',
  'DELETE /api/v2/users/{id}/photo': 'deleteUserPhoto',
  'GET /api/v2/users/{id}/photo': 'getUserPhoto',
  'PATCH /api/v2/settings': 'updateSettings',
  'GET /api/v2/dashboard/summary': 'getDashboardSummary',
  'GET /api/v2/dashboard/figures': 'getDashboardFigures',
  'GET /api/v2/dashboard/demo-history': 'getDemoHistory',
  'POST /api/v2/loggers/{id}/credential': 'issueLoggerCredential',
  'GET /api/v2/devices/{id}/placements': 'listDevicePlacements',
  'POST /api/v2/devices/bulk': 'applyDeviceBulkAction',
  'POST /api/v2/telemetry/batches': 'ingestTelemetryBatch',
  'POST /api/v2/devices/{id}/commands': 'sendDeviceCommand',
  'POST /api/v2/bills/{id}/storno': 'stornoBill',
  'POST /api/v2/bills/send': 'sendBills',
  'GET /api/v2/bill-comparison': 'getBillComparison',
  'POST /api/v2/fiscal-settings/{id}/echo': 'checkFiscalConnection',
  'GET /api/v2/cis-simulator': 'getCisSimulator',
  'PATCH /api/v2/cis-simulator': 'updateCisSimulator',
  'GET /api/v2/revenue': 'getRevenue',
  'GET /api/v2/revenue/companies-daily': 'getCompaniesDailyRevenue',
  'GET /api/v2/finance-report': 'getFinanceReport',
  'GET /api/v2/comparative-analysis': 'getComparativeAnalysis',
  'GET /api/v2/logistic-report': 'getLogisticReport',
  'GET /api/v2/lessors/{id}/statement': 'getLessorStatement',
  'POST /api/v2/deposits/verify': 'verifyDeposits',
  'GET /api/v2/exports/{id}/file': 'downloadExport',
  'GET /api/v2/imports/{id}/refused.csv': 'downloadImportRefusedRows',
  'GET /api/v2/search': 'search',
  'GET /api/v2/repositories/{id}/stock': 'getRepositoryStock',
  'POST /api/v2/movements/{id}/reverse': 'reverseMovement',
  'POST /api/v2/telemetry-holds/{id}/release': 'releaseTelemetryHold',
  'POST /api/v2/telemetry-holds/{id}/discard': 'discardTelemetryHold',
  'POST /api/v2/alarms/acknowledge': 'acknowledgeAlarms',
  'GET /api/v2/alarms/summary': 'getAlarmSummary',
  'GET /api/v2/visits/proposal': 'getVisitProposal',
  'POST /api/v2/visits/{id}/stops/{stopId}/done': 'markVisitStopDone',
  'GET /api/v2/machine-audits/{id}/file': 'downloadMachineAuditFile',
  'GET /api/v2/devices/{id}/planogram': 'getDevicePlanogram',
  'PATCH /api/v2/devices/{id}/planogram': 'updateDevicePlanogram',
  'GET /api/v2/reports/product-sales': 'getProductSalesReport',
  'POST /api/v2/telemetry/audits': 'ingestGatewayAudit',
  'GET /api/v2/events': 'streamLiveUpdates',
  'GET /api/v2/push-subscriptions/key': 'getPushPublicKey',
  'POST /api/v2/push-subscriptions/{id}/test': 'testPushSubscription',
  'GET /api/v2/month-closes': 'listMonthCloses',
  'POST /api/v2/month-closes': 'closeMonth',
  'POST /api/v2/month-closes/{id}/reopen': 'reopenMonth',
  'GET /api/v2/devices/{id}/prize-stock': 'getDevicePrizeStock',
  'GET /api/v2/prize-stock': 'listPrizeStock',
  'POST /api/v2/pos-locations/{id}/terminal-key': 'issuePosTerminalKey',
  'POST /api/v2/pos-workers/{id}/pin': 'setPosWorkerPin',
  'POST /api/v2/loyalty-owners/{id}/app-key': 'issueCardAppKey',
  'POST /api/v2/loyalty-cards/upload': 'uploadLoyaltyCards',
  'GET /api/v2/loyalty-reports/general': 'getLoyaltyGeneralReport',
  'GET /api/v2/loyalty-reports/owners': 'getLoyaltyOwnersReport',
  'GET /api/v2/loyalty-reports/cards': 'getLoyaltyCardsReport',
  'GET /api/v2/loyalty-reports/holders': 'getLoyaltyHoldersReport',
  'POST /api/v2/pos/sessions': 'posSignIn',
  'GET /api/v2/pos/cards/{uid}': 'posGetCard',
  'POST /api/v2/pos/top-ups': 'posTopUp',
  'POST /api/v2/pos/cards/{uid}/block': 'posBlockCard',
  'GET /api/v2/card-app/cards/{uid}': 'cardAppGetCard',
  'GET /api/v2/card-app/promo-boxes': 'cardAppListPromoBoxes',
};

/** Stems whose singular is not their plural minus its ending. */
const singulars: Readonly<Record<string, string>> = {
  'audit-log': 'audit-log-entry',
  'fiscal-settings': 'fiscal-settings',
  maintenance: 'maintenance',
};

function singular(stem: string): string {
  if (singulars[stem]) return singulars[stem];
  if (stem.endsWith('ies')) return `${stem.slice(0, -3)}y`;
  if (/(x|s|ch|sh)es$/.test(stem)) return stem.slice(0, -2);
  return stem.endsWith('s') ? stem.slice(0, -1) : stem;
}

const pascal = (words: string) =>
  words
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
const words = (stem: string) => stem.replaceAll('-', ' ');

/** A resource's name in the document's components: `tags` → `Tag` (and `TagCreate`, `TagPatch`, `TagCollection`). */
export const schemaNameOf = (stem: string) => pascal(singular(stem));
const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** The document's spelling of a route: `GET /api/v2/devices/{id}`. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** The standard name and summary of a route of the resource kit's shape, or undefined for another route. */
export function standardOperation(method: string, url: string): { operationId: string; summary: string } | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const match = /^([a-z][a-z-]*)(\/:id)?$/.exec(url.slice(PREFIX.length));
  if (!match) return undefined;
  const [, stem, item] = match as unknown as [string, string, string | undefined];
  const one = singular(stem);
  const verb = method.toUpperCase();
  if (!item && verb === 'GET') return { operationId: `list${pascal(stem)}`, summary: `List ${words(stem)}` };
  if (!item && verb === 'POST') return { operationId: `create${pascal(one)}`, summary: `Create ${article(words(one))}` };
  if (item && verb === 'GET') return { operationId: `get${pascal(one)}`, summary: `Get ${article(words(one))}` };
  if (item && verb === 'PATCH') return { operationId: `update${pascal(one)}`, summary: `Update ${article(words(one))} (JSON merge-patch)` };
  if (item && verb === 'DELETE') return { operationId: `delete${pascal(one)}`, summary: `Delete ${article(words(one))}` };
  return undefined;
}

/**
 * The operationId and summary the document gives a route: its own, else the custom table's id, else
 * the standard one (the suite refuses a route none of them names).
 */
export function operationOf(
  method: string,
  url: string,
  schema: { operationId?: string; summary?: string } | undefined,
): { operationId?: string; summary?: string } {
  const standard = standardOperation(method, url);
  return {
    operationId: schema?.operationId ?? customOperationIds[operationKey(method, url)] ?? standard?.operationId,
    summary: schema?.summary ?? standard?.summary,
  };
}
