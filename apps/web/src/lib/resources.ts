import {
  articlesResource,
  auditLogResource,
  billAttemptsResource,
  billsResource,
  cardHoldersResource,
  cardTransactionsResource,
  citiesResource,
  commandsResource,
  companiesResource,
  criticalEpisodesResource,
  type DepositStatus,
  depositsResource,
  devicesResource,
  emptyingsResource,
  type FinanceQuery,
  fiscalCertificatesResource,
  fiscalSettingsResource,
  importsResource,
  lessorsResource,
  locationsResource,
  loggersResource,
  loyaltyCardsResource,
  loyaltyOwnersResource,
  mailsResource,
  maintenanceResource,
  movementsResource,
  posLocationsResource,
  posOwnersResource,
  posWorkersResource,
  promoBoxesResource,
  promotionsResource,
  type RevenueQuery,
  repositoriesResource,
  serviceSessionsResource,
  tagsResource,
  topUpsResource,
  transactionsResource,
  usersResource,
} from '@kovanica/contract';
import { type ResourceApi, resourceApi } from './resource-api.ts';
import type { View } from './view.ts';

/**
 * The API of every described resource, made once from its contract description. Features read and
 * pick from each other's resources through these (features never import each other).
 */
export const companiesApi = resourceApi(companiesResource, { path: '/companies', title: (company) => company.name });
export const usersApi = resourceApi(usersResource, { path: '/users', title: (user) => `${user.name} ${user.surname}` });
export const citiesApi = resourceApi(citiesResource, { path: '/cities', title: (city) => city.name });
export const lessorsApi = resourceApi(lessorsResource, { path: '/lessors', title: (lessor) => lessor.name });
export const locationsApi = resourceApi(locationsResource, { path: '/locations', title: (location) => location.name });
export const tagsApi = resourceApi(tagsResource, { path: '/tags', title: (tag) => tag.name });
export const loggersApi = resourceApi(loggersResource, { path: '/loggers', title: (logger) => logger.imei });
export const devicesApi = resourceApi(devicesResource, { path: '/devices', title: (device) => device.name });
export const maintenanceApi = resourceApi(maintenanceResource);
export const commandsApi = resourceApi(commandsResource);
export const transactionsApi = resourceApi(transactionsResource);
export const depositsApi = resourceApi(depositsResource);
/** The audit trail (decision 0028): read-only; `/audit-log/list` and each audited record's history. */
export const auditLogApi = resourceApi(auditLogResource);
export const serviceSessionsApi = resourceApi(serviceSessionsResource);
export const criticalEpisodesApi = resourceApi(criticalEpisodesResource);
export const emptyingsApi = resourceApi(emptyingsResource);
/** Stock (the `stock` module): its screens live under `/articles` as in the original (`/articles/items`, `/articles/repositories`). */
export const articlesApi = resourceApi(articlesResource, { path: '/articles/items', title: (article) => article.name });
export const repositoriesApi = resourceApi(repositoriesResource, {
  path: '/articles/repositories',
  title: (repository) => repository.name,
});
/** Movements have no screens of their own: they are listed and booked on a repository's page (and an article's). */
export const movementsApi = resourceApi(movementsResource);
/** Bills are never edited: `/bills/$id` is a bill's page, `/bills/new` a manual bill. */
export const billsApi = resourceApi(billsResource, { path: '/bills', title: (bill) => bill.number });
export const billAttemptsApi = resourceApi(billAttemptsResource);
/** One per company (its id is the company's), on `/settings/fiscal`. */
export const fiscalSettingsApi = resourceApi(fiscalSettingsResource);
export const fiscalCertificatesApi = resourceApi(fiscalCertificatesResource);
/** Who runs a loyalty programme (`/loyalty/owners`); promotions and the programme's other resources pick them. */
export const loyaltyOwnersApi = resourceApi(loyaltyOwnersResource, { path: '/loyalty/owners', title: (owner) => owner.name });
/** The loyalty programme's points of sale (`/loyalty/pos-*`) and promotions (`/loyalty/promotions`, listed at `/all`). */
export const posOwnersApi = resourceApi(posOwnersResource, { path: '/loyalty/pos-owners', title: (owner) => owner.name });
export const posLocationsApi = resourceApi(posLocationsResource, { path: '/loyalty/pos-locations', title: (location) => location.name });
export const posWorkersApi = resourceApi(posWorkersResource, {
  path: '/loyalty/pos-workers',
  title: (worker) => `${worker.name} ${worker.surname}`,
});
export const promotionsApi = resourceApi(promotionsResource, { path: '/loyalty/promotions', title: (promotion) => promotion.name });
/** Cards (`/loyalty/cards/*`); their ledger has its own screens (`/loyalty/{cards,owners,users}/transactions`) and a card's page shows its rows. */
export const loyaltyCardsApi = resourceApi(loyaltyCardsResource, { path: '/loyalty/cards', title: (card) => card.number });
export const cardTransactionsApi = resourceApi(cardTransactionsResource);
/** Credit sold at the points of sale (`/loyalty/top-up/list`, `/loyalty/top-up/new`); never edited, so no edit page. */
export const topUpsApi = resourceApi(topUpsResource, { path: '/loyalty/top-up', title: (topUp) => topUp.cardNumber });
/** Card holders are the original's loyalty "users" (`/loyalty/users`); their promo boxes sit under them. */
export const cardHoldersApi = resourceApi(cardHoldersResource, {
  path: '/loyalty/users',
  title: (holder) => `${holder.name} ${holder.surname}`,
});
export const promoBoxesApi = resourceApi(promoBoxesResource, { path: '/loyalty/users/promo-boxes', title: (box) => box.title });
/** The imports history (decision 0027): read-only; `/imports/history`, a new import at `/imports/new`. */
export const importsApi = resourceApi(importsResource, { path: '/imports', title: (record) => record.fileName });
/** The outbox (decision 0025): read-only; `/settings/outbox`, a mail at `/settings/outbox/$id`. */
export const mailsApi = resourceApi(mailsResource, { path: '/settings/outbox', title: (mail) => mail.subject });

const apis = [
  companiesApi,
  usersApi,
  citiesApi,
  lessorsApi,
  locationsApi,
  tagsApi,
  loggersApi,
  devicesApi,
  maintenanceApi,
  commandsApi,
  transactionsApi,
  depositsApi,
  serviceSessionsApi,
  criticalEpisodesApi,
  emptyingsApi,
  articlesApi,
  repositoriesApi,
  movementsApi,
  billsApi,
  billAttemptsApi,
  fiscalSettingsApi,
  fiscalCertificatesApi,
  loyaltyOwnersApi,
  posOwnersApi,
  posLocationsApi,
  posWorkersApi,
  promotionsApi,
  loyaltyCardsApi,
  cardTransactionsApi,
  topUpsApi,
  cardHoldersApi,
  promoBoxesApi,
  importsApi,
  mailsApi,
] as readonly Pick<ResourceApi<unknown>, 'name' | 'detail'>[];
/** A resource's name and detail query, by its name (the kit's edit routes load them with the screen). */
export function apiOf(name: string): Pick<ResourceApi<unknown>, 'name' | 'detail'> {
  const api = apis.find((one) => one.name === name);
  if (!api) throw new Error(`[kovanica-web] no API for the resource ${name}`);
  return api;
}

/** "Unverified": not counted yet, or counted and waiting for a manager or accountant (`?status=…&status=…`). */
export const UNVERIFIED_DEPOSIT_STATUSES: readonly DepositStatus[] = ['awaiting_count', 'pending_verification'];

/**
 * Revenue figures (the revenue reports, the companies daily revenue, the finance reports) sit under one key, so whatever
 * refreshes revenue refreshes them all. The figures differ between My Company and All Companies, so
 * the view is part of each key.
 */
export const revenueKeys = {
  all: ['revenue'] as const,
  report: (query: RevenueQuery, view: View) => ['revenue', 'report', query, view] as const,
  finance: (query: FinanceQuery, view: View) => ['revenue', 'finance', query, view] as const,
};
