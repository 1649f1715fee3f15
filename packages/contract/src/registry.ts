import { alarmsResource } from './resources/alarms.ts';
import { articlesResource } from './resources/articles.ts';
import { auditLogResource } from './resources/audit-log.ts';
import { billAttemptsResource, billsResource } from './resources/bills.ts';
import { cardHoldersResource } from './resources/card-holders.ts';
import { citiesResource } from './resources/cities.ts';
import { commandsResource } from './resources/commands.ts';
import { companiesResource } from './resources/companies.ts';
import { depositsResource } from './resources/deposits.ts';
import { criticalEpisodesResource, emptyingsResource, serviceSessionsResource } from './resources/device-history.ts';
import { devicesResource } from './resources/devices.ts';
import { fiscalCertificatesResource, fiscalSettingsResource } from './resources/fiscal.ts';
import { importsResource } from './resources/imports.ts';
import { lessorsResource } from './resources/lessors.ts';
import { locationsResource } from './resources/locations.ts';
import { loggersResource } from './resources/loggers.ts';
import { cardTransactionsResource, loyaltyCardsResource } from './resources/loyalty-cards.ts';
import { loyaltyOwnersResource } from './resources/loyalty-owners.ts';
import { machineAuditsResource } from './resources/machine-audits.ts';
import { mailsResource } from './resources/mails.ts';
import { maintenanceResource } from './resources/maintenance.ts';
import { movementsResource } from './resources/movements.ts';
import { posLocationsResource } from './resources/pos-locations.ts';
import { posOwnersResource } from './resources/pos-owners.ts';
import { posWorkersResource } from './resources/pos-workers.ts';
import { promoBoxesResource } from './resources/promo-boxes.ts';
import { promotionsResource } from './resources/promotions.ts';
import { repositoriesResource } from './resources/repositories.ts';
import { tagsResource } from './resources/tags.ts';
import { telemetryHoldsResource } from './resources/telemetry-holds.ts';
import { topUpsResource } from './resources/top-ups.ts';
import { transactionsResource } from './resources/transactions.ts';
import { usersResource } from './resources/users.ts';
import { visitsResource } from './resources/visits.ts';

/** Every described resource: what a write makes stale is computed over all of them (`staleAfterWrite`). */
export const resources = [
  articlesResource,
  alarmsResource,
  auditLogResource,
  billAttemptsResource,
  billsResource,
  cardHoldersResource,
  citiesResource,
  commandsResource,
  companiesResource,
  criticalEpisodesResource,
  depositsResource,
  devicesResource,
  emptyingsResource,
  fiscalCertificatesResource,
  fiscalSettingsResource,
  importsResource,
  lessorsResource,
  locationsResource,
  loggersResource,
  machineAuditsResource,
  mailsResource,
  loyaltyOwnersResource,
  loyaltyCardsResource,
  cardTransactionsResource,
  maintenanceResource,
  movementsResource,
  posLocationsResource,
  posOwnersResource,
  posWorkersResource,
  promoBoxesResource,
  promotionsResource,
  repositoriesResource,
  serviceSessionsResource,
  tagsResource,
  telemetryHoldsResource,
  topUpsResource,
  transactionsResource,
  usersResource,
  visitsResource,
] as const;
