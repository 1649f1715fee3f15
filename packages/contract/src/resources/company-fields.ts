/**
 * The companies' fields without zod (docs/architecture.md "A field, described once"); the schemas are
 * in `companies.ts`.
 */
import { describeFields } from '../fields.ts';

/**
 * The companies' fields: their labels (the wizard's too), the company lists' columns and their
 * filters. The parent is named from its own record and the modules are badges, drawn by the web's
 * company list. Companies have no list file.
 */
export const companyFieldsDescription = describeFields('companies', {
  name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, filter: 'partial' },
  oib: { label: { en: 'OIB', hr: 'OIB' }, kind: 'text', column: { sort: true }, filter: 'exact' },
  inVatSystem: { label: { en: 'In VAT system', hr: 'U sustavu PDV-a' }, kind: 'flag', column: {} },
  address: { label: { en: 'Address', hr: 'Adresa' }, kind: 'text' },
  phone: { label: { en: 'Phone', hr: 'Telefon' }, kind: 'text' },
  email: { label: { en: 'E-mail', hr: 'E-mail' }, kind: 'text' },
  notificationEmails: { label: { en: 'Notification e-mails', hr: 'E-mail adrese za obavijesti' }, kind: 'text' },
  sendNotifications: { label: { en: 'Send notifications', hr: 'Slanje obavijesti' }, kind: 'flag' },
  sendDailyReports: { label: { en: 'Daily reports', hr: 'Dnevni izvještaji' }, kind: 'flag' },
  sendDepositNotifications: { label: { en: 'Deposit notifications', hr: 'Obavijesti o pologu' }, kind: 'flag' },
  sendDeviceEmptyEvents: { label: { en: 'Device emptied events', hr: 'Događaji pražnjenja uređaja' }, kind: 'flag' },
  sendUnverifiedDeposits: { label: { en: 'Unverified deposits', hr: 'Neovjereni polozi' }, kind: 'flag' },
  language: { label: { en: 'E-mail language', hr: 'Jezik e-mailova' }, kind: 'text' },
  operationalCostsCents: { label: { en: 'Operational costs per month', hr: 'Mjesečni operativni troškovi' }, kind: 'money' },
  tokenValueCents: { label: { en: 'Token value', hr: 'Vrijednost žetona' }, kind: 'money' },
  depositToleranceCents: { label: { en: 'Deposit tolerance', hr: 'Tolerancija pologa' }, kind: 'money' },
  cardCorrectionLimitCents: { label: { en: 'Card correction limit', hr: 'Granica ispravka kartice' }, kind: 'money' },
  offlineThresholdMinutes: { label: { en: 'Offline threshold (minutes)', hr: 'Prag nedostupnosti (minute)' }, kind: 'count' },
  // The alarm kinds' settings (`/alarms/settings`): named in the audit trail of the company.
  alarmRules: { label: { en: 'Alarm settings', hr: 'Postavke alarma' }, kind: 'text' },
  alarmEscalationMinutes: { label: { en: 'Escalate alarms after (minutes)', hr: 'Eskalacija alarma nakon (minuta)' }, kind: 'count' },
  // Which boxes the day's visits proposal takes, and where the rounds start (docs/rules.md "Visits").
  visitFillPercent: { label: { en: 'Visit boxes filled to (%)', hr: 'Obići kase popunjene do (%)' }, kind: 'count' },
  visitFullWithinDays: { label: { en: 'Visit boxes full within (days)', hr: 'Obići kase pune unutar (dana)' }, kind: 'count' },
  depotLatitude: { label: { en: 'Depot latitude', hr: 'Geografska širina skladišta' }, kind: 'decimal' },
  depotLongitude: { label: { en: 'Depot longitude', hr: 'Geografska dužina skladišta' }, kind: 'decimal' },
  isTopGun: { label: { en: 'Top-level company', hr: 'Tvrtka najviše razine' }, kind: 'flag', column: {}, filter: 'boolean' },
  parent: { label: { en: 'Parent company', hr: 'Nadređena tvrtka' }, kind: 'text', column: {} },
  activeModules: { label: { en: 'Active modules', hr: 'Aktivni moduli' }, kind: 'text', column: {} },
  activeModuleComponents: { label: { en: 'Module components', hr: 'Dijelovi modula' }, kind: 'text' },
  // What the wizard sets up with the company.
  loggers: { label: { en: 'Attach existing loggers', hr: 'Pridruži postojeće loggere' }, kind: 'text' },
  newLoggers: { label: { en: 'New loggers', hr: 'Novi loggeri' }, kind: 'text' },
  users: { label: { en: 'Attach existing users', hr: 'Pridruži postojeće korisnike' }, kind: 'text' },
  newUsers: { label: { en: 'New users', hr: 'Novi korisnici' }, kind: 'text' },
  createdAt: { label: { en: 'Created', hr: 'Stvoreno' }, kind: 'instant', column: { sort: true, day: true } },
});
