import { articlesResource } from './resources/articles.ts';
import { billAttemptsResource, billsResource } from './resources/bills.ts';
import { citiesResource } from './resources/cities.ts';
import { commandsResource } from './resources/commands.ts';
import { companiesResource } from './resources/companies.ts';
import { depositsResource } from './resources/deposits.ts';
import { criticalEpisodesResource, emptyingsResource, serviceSessionsResource } from './resources/device-history.ts';
import { devicesResource } from './resources/devices.ts';
import { fiscalCertificatesResource, fiscalSettingsResource } from './resources/fiscal.ts';
import { lessorsResource } from './resources/lessors.ts';
import { locationsResource } from './resources/locations.ts';
import { loggersResource } from './resources/loggers.ts';
import { maintenanceResource } from './resources/maintenance.ts';
import { movementsResource } from './resources/movements.ts';
import { repositoriesResource } from './resources/repositories.ts';
import { tagsResource } from './resources/tags.ts';
import { transactionsResource } from './resources/transactions.ts';
import { usersResource } from './resources/users.ts';

/** Every described resource: what a write makes stale is computed over all of them (`staleAfterWrite`). */
export const resources = [
  articlesResource,
  billAttemptsResource,
  billsResource,
  citiesResource,
  commandsResource,
  companiesResource,
  criticalEpisodesResource,
  depositsResource,
  devicesResource,
  emptyingsResource,
  fiscalCertificatesResource,
  fiscalSettingsResource,
  lessorsResource,
  locationsResource,
  loggersResource,
  maintenanceResource,
  movementsResource,
  repositoriesResource,
  serviceSessionsResource,
  tagsResource,
  transactionsResource,
  usersResource,
] as const;
