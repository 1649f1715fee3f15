import { articlesApi } from './apis/articles.ts';
import { billAttemptsApi } from './apis/bill-attempts.ts';
import { billsApi } from './apis/bills.ts';
import { cardHoldersApi } from './apis/card-holders.ts';
import { cardTransactionsApi } from './apis/card-transactions.ts';
import { citiesApi } from './apis/cities.ts';
import { commandsApi } from './apis/commands.ts';
import { companiesApi } from './apis/companies.ts';
import { criticalEpisodesApi } from './apis/critical-episodes.ts';
import { depositsApi } from './apis/deposits.ts';
import { devicesApi } from './apis/devices.ts';
import { emptyingsApi } from './apis/emptyings.ts';
import { fiscalCertificatesApi } from './apis/fiscal-certificates.ts';
import { fiscalSettingsApi } from './apis/fiscal-settings.ts';
import { importsApi } from './apis/imports.ts';
import { lessorsApi } from './apis/lessors.ts';
import { locationsApi } from './apis/locations.ts';
import { loggersApi } from './apis/loggers.ts';
import { loyaltyCardsApi } from './apis/loyalty-cards.ts';
import { loyaltyOwnersApi } from './apis/loyalty-owners.ts';
import { mailsApi } from './apis/mails.ts';
import { maintenanceApi } from './apis/maintenance.ts';
import { movementsApi } from './apis/movements.ts';
import { posLocationsApi } from './apis/pos-locations.ts';
import { posOwnersApi } from './apis/pos-owners.ts';
import { posWorkersApi } from './apis/pos-workers.ts';
import { promoBoxesApi } from './apis/promo-boxes.ts';
import { promotionsApi } from './apis/promotions.ts';
import { repositoriesApi } from './apis/repositories.ts';
import { serviceSessionsApi } from './apis/service-sessions.ts';
import { tagsApi } from './apis/tags.ts';
import { topUpsApi } from './apis/top-ups.ts';
import { transactionsApi } from './apis/transactions.ts';
import { usersApi } from './apis/users.ts';
import type { ResourceApi } from './resource-api.ts';

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
