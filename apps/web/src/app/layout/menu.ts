import type { Module, ModuleComponent, Permission } from '@kovanica/contract';
import {
  type Icon,
  IconAlarm,
  IconArrowsDiff,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconCashRegister,
  IconCoin,
  IconCoins,
  IconContract,
  IconCpu,
  IconDeviceGamepad2,
  IconFileExport,
  IconFileImport,
  IconHistory,
  IconId,
  IconLayoutDashboard,
  IconMapPin,
  IconPackages,
  IconReceipt,
  IconReportMoney,
  IconRoute,
  IconSettings,
  IconTags,
  IconTransactionEuro,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useAccess } from '../../lib/access.ts';
import type { FileRouteTypes } from '../../routeTree.gen.ts';

type Path = FileRouteTypes['to'];

interface MenuLink {
  to: Path;
  labelKey: string;
  permission?: Permission;
  module?: Module;
  /** A part of the module the company can switch off on its own. */
  component?: ModuleComponent;
}

export interface MenuEntry extends Partial<MenuLink> {
  key: string;
  labelKey: string;
  icon: Icon;
  /** A group opens like an accordion; an entry without children is a link. */
  children?: MenuLink[];
}

/**
 * The screens that work so far. An entry is shown only when the role has its permission and the
 * company has its module and module component (docs/rules.md "Tenancy, roles and modules"); the server enforces the same rules.
 */
export const menu: MenuEntry[] = [
  { key: 'dashboard', labelKey: 'menu.dashboard', icon: IconLayoutDashboard, to: '/dashboard', permission: 'dashboard.read' },
  // What costs money or a deadline now, raised by the server's sweep (docs/rules.md "Alarms"): every role reads them.
  {
    key: 'alarms',
    labelKey: 'menu.alarms',
    icon: IconAlarm,
    permission: 'alarms.read',
    children: [
      { to: '/alarms/list', labelKey: 'menu.alarmsOpen', permission: 'alarms.read' },
      { to: '/alarms/history', labelKey: 'menu.alarmsHistory', permission: 'alarms.read' },
      // One's own alarms, everyone's; which alarms the company raises there too, for its managers and the admins.
      { to: '/alarms/settings', labelKey: 'menu.alarmsSettings', permission: 'alarms.read' },
    ],
  },
  {
    key: 'companies',
    labelKey: 'menu.companies',
    icon: IconBuildingSkyscraper,
    children: [
      { to: '/companies/list', labelKey: 'menu.companiesList', permission: 'companies.create' },
      // `companies.read` is everyone's (their own company), but the screen is behind the admin gate.
      { to: '/companies/list-my', labelKey: 'menu.companiesListMy', permission: 'companies.update' },
      { to: '/companies/daily-revenue', labelKey: 'menu.companiesDailyRevenue', permission: 'revenue.companies' },
    ],
  },
  {
    key: 'users',
    labelKey: 'menu.users',
    icon: IconUsers,
    // Managers read their company's users, but the screens are behind the admin gate (original §2).
    children: [
      { to: '/users/list', labelKey: 'menu.usersList', permission: 'users.update' },
      { to: '/users/all/list', labelKey: 'menu.usersAll', permission: 'users.update' },
    ],
  },
  {
    key: 'loggers',
    labelKey: 'menu.loggers',
    icon: IconCpu,
    module: 'devices',
    children: [
      { to: '/loggers/list', labelKey: 'menu.loggersList', permission: 'loggers.read', module: 'devices' },
      { to: '/loggers/new', labelKey: 'menu.loggersNew', permission: 'loggers.create', module: 'devices' },
    ],
  },
  {
    key: 'devices',
    labelKey: 'menu.devices',
    icon: IconDeviceGamepad2,
    module: 'devices',
    children: [
      { to: '/devices/list', labelKey: 'menu.devicesList', permission: 'devices.read', module: 'devices' },
      { to: '/devices/new', labelKey: 'menu.devicesNew', permission: 'devices.create', module: 'devices' },
      { to: '/devices/critical', labelKey: 'menu.devicesCritical', permission: 'devices.read', module: 'devices' },
      { to: '/devices/held-telemetry', labelKey: 'menu.heldTelemetry', permission: 'telemetry-holds.read', module: 'devices' },
      // The machines' own accounting, their EVA-DTS audit files (docs/rules.md "Machine audits").
      { to: '/machine-audits/list', labelKey: 'menu.machineAudits', permission: 'machine-audits.read', module: 'devices' },
      { to: '/machine-audits/unassigned', labelKey: 'menu.machineAuditsUnassigned', permission: 'machine-audits.read', module: 'devices' },
      { to: '/devices/map', labelKey: 'menu.devicesMap', permission: 'devices.read', module: 'devices', component: 'devices.map' },
      { to: '/devices/free-ride', labelKey: 'menu.devicesFreeRide', permission: 'commands.read', module: 'devices' },
      { to: '/devices/reset', labelKey: 'menu.devicesReset', permission: 'commands.read', module: 'devices' },
      {
        to: '/devices/service-mode-history',
        labelKey: 'menu.serviceModeHistory',
        permission: 'service-sessions.read',
        module: 'devices',
      },
      { to: '/devices/critical-history', labelKey: 'menu.criticalHistory', permission: 'critical-episodes.read', module: 'devices' },
      { to: '/devices/discharge-history', labelKey: 'menu.dischargeHistory', permission: 'emptyings.read', module: 'devices' },
      { to: '/devices/locations', labelKey: 'menu.placementHistory', permission: 'devices.read', module: 'devices' },
      {
        to: '/devices-maintenance/device',
        labelKey: 'menu.maintenanceByDevice',
        permission: 'maintenance.read',
        module: 'devices',
        component: 'devices.maintenance',
      },
      {
        to: '/devices-maintenance/range',
        labelKey: 'menu.maintenanceByPeriod',
        permission: 'maintenance.read',
        module: 'devices',
        component: 'devices.maintenance',
      },
    ],
  },
  {
    key: 'transactions',
    labelKey: 'menu.transactions',
    icon: IconTransactionEuro,
    to: '/transactions/list',
    permission: 'transactions.read',
    module: 'devices',
  },
  {
    key: 'deposits',
    labelKey: 'menu.deposits',
    icon: IconCoins,
    to: '/deposits/list',
    permission: 'deposits.read',
    module: 'deposits',
  },
  // The cash-collection rounds (docs/rules.md "Visits"): managers plan them, workers drive today's.
  {
    key: 'visits',
    labelKey: 'menu.visits',
    icon: IconRoute,
    module: 'deposits',
    children: [
      { to: '/visits/today', labelKey: 'menu.visitsToday', permission: 'visits.work', module: 'deposits' },
      { to: '/visits/plan', labelKey: 'menu.visitsPlan', permission: 'visits.create', module: 'deposits' },
    ],
  },
  {
    key: 'bills',
    labelKey: 'menu.bills',
    icon: IconReceipt,
    permission: 'bills.read',
    module: 'bills',
    children: [
      { to: '/bills/list', labelKey: 'menu.billsList', permission: 'bills.read', module: 'bills' },
      { to: '/bills/new', labelKey: 'menu.billsNew', permission: 'bills.create', module: 'bills' },
      { to: '/bills/filter', labelKey: 'menu.billsFilter', permission: 'bills.read', module: 'bills' },
      { to: '/bills/unfiscalized', labelKey: 'menu.billsUnfiscalized', permission: 'bills.read', module: 'bills' },
      { to: '/bills/request', labelKey: 'menu.billsRequest', permission: 'bill-attempts.read', module: 'bills' },
      { to: '/transactions-bills/comparison', labelKey: 'menu.billsComparison', permission: 'bills.read', module: 'bills' },
      { to: '/vat-book/list', labelKey: 'menu.vatBook', permission: 'bills.read', module: 'bills' },
    ],
  },
  {
    key: 'revenue',
    labelKey: 'menu.revenue',
    icon: IconCashRegister,
    module: 'finance',
    children: [
      { to: '/today-revenue/list', labelKey: 'menu.todayRevenue', permission: 'revenue.read', module: 'finance' },
      { to: '/detailed-review/list', labelKey: 'menu.detailedReview', permission: 'revenue.read', module: 'finance' },
    ],
  },
  {
    key: 'finance-reports',
    labelKey: 'menu.financeReports',
    icon: IconReportMoney,
    module: 'finance',
    // One entry per report: the original's `-new` and `-refactored` addresses lead to the same one.
    children: [
      { to: '/finance-report/device', labelKey: 'menu.financeByDevice', permission: 'finance.read', module: 'finance' },
      { to: '/finance-report/location', labelKey: 'menu.financeByLocation', permission: 'finance.read', module: 'finance' },
      { to: '/finance-report/lessor', labelKey: 'menu.financeByLessor', permission: 'finance.read', module: 'finance' },
      { to: '/finance-report/company', labelKey: 'menu.financeByCompany', permission: 'finance.read', module: 'finance' },
      { to: '/ebitda/list', labelKey: 'menu.ebitda', permission: 'finance.read', module: 'finance', component: 'finance.ebitda' },
      // Closing a month for good (docs/rules.md "Month close"): admins, managers and accountants.
      { to: '/month-close/list', labelKey: 'menu.monthClose', permission: 'month-closes.read', module: 'finance' },
      { to: '/finance-report/export', labelKey: 'menu.financeExport', permission: 'exports.create', module: 'transfer' },
    ],
  },
  {
    key: 'token-reports',
    labelKey: 'menu.tokenReports',
    icon: IconCoin,
    module: 'finance',
    children: [
      { to: '/token-report/location', labelKey: 'menu.tokensByLocation', permission: 'finance.read', module: 'finance' },
      { to: '/token-report/device', labelKey: 'menu.tokensByDevice', permission: 'finance.read', module: 'finance' },
      { to: '/token-report/lessor', labelKey: 'menu.tokensByLessor', permission: 'finance.read', module: 'finance' },
    ],
  },
  {
    key: 'logistic-report',
    labelKey: 'menu.logisticReport',
    icon: IconTruckDelivery,
    module: 'finance',
    children: [
      { to: '/logistic-report/location', labelKey: 'menu.logisticByLocation', permission: 'finance.read', module: 'finance' },
      { to: '/logistic-report/device', labelKey: 'menu.logisticByDevice', permission: 'finance.read', module: 'finance' },
      // The machines' audits per article (docs/rules.md "Planograms and audit sales").
      { to: '/product-sales-report', labelKey: 'menu.productSales', permission: 'finance.read', module: 'finance' },
    ],
  },
  {
    key: 'comparative-analysis',
    labelKey: 'menu.comparativeAnalysis',
    icon: IconArrowsDiff,
    module: 'finance',
    component: 'finance.comparative',
    children: [
      {
        to: '/comparative-analysis/device',
        labelKey: 'menu.comparisonByDevice',
        permission: 'finance.read',
        module: 'finance',
        component: 'finance.comparative',
      },
      {
        to: '/comparative-analysis/location',
        labelKey: 'menu.comparisonByLocation',
        permission: 'finance.read',
        module: 'finance',
        component: 'finance.comparative',
      },
      {
        to: '/comparative-analysis/lessor',
        labelKey: 'menu.comparisonByLessor',
        permission: 'finance.read',
        module: 'finance',
        component: 'finance.comparative',
      },
    ],
  },
  {
    key: 'stock',
    labelKey: 'menu.stock',
    icon: IconPackages,
    module: 'stock',
    // Everyone with the module reads both; workers book movements on a repository's page.
    children: [
      { to: '/articles/items/list', labelKey: 'menu.stockArticles', permission: 'articles.read', module: 'stock' },
      { to: '/articles/repositories/list', labelKey: 'menu.stockRepositories', permission: 'repositories.read', module: 'stock' },
    ],
  },
  {
    key: 'loyalty',
    labelKey: 'menu.loyalty',
    icon: IconId,
    module: 'loyalty',
    // Each screen of the programme adds its entry here as it is built; an empty group is not shown.
    children: [
      { to: '/loyalty/owners/list', labelKey: 'menu.loyaltyOwners', permission: 'loyalty-owners.read', module: 'loyalty' },
      { to: '/loyalty/users/list', labelKey: 'menu.loyaltyUsers', permission: 'card-holders.read', module: 'loyalty' },
      { to: '/loyalty/cards/list', labelKey: 'menu.loyaltyCards', permission: 'loyalty-cards.read', module: 'loyalty' },
      { to: '/loyalty/cards/upload', labelKey: 'menu.loyaltyCardUpload', permission: 'loyalty-cards.create', module: 'loyalty' },
      {
        to: '/loyalty/cards/transactions',
        labelKey: 'menu.loyaltyCardTransactions',
        permission: 'card-transactions.read',
        module: 'loyalty',
      },
      {
        to: '/loyalty/owners/transactions',
        labelKey: 'menu.loyaltyOwnerTransactions',
        permission: 'card-transactions.read',
        module: 'loyalty',
      },
      {
        to: '/loyalty/users/transactions',
        labelKey: 'menu.loyaltyHolderTransactions',
        permission: 'card-transactions.read',
        module: 'loyalty',
      },
      { to: '/loyalty/top-up/list', labelKey: 'menu.loyaltyTopUps', permission: 'top-ups.read', module: 'loyalty' },
      { to: '/loyalty/top-up/new', labelKey: 'menu.loyaltyTopUpNew', permission: 'top-ups.create', module: 'loyalty' },
      {
        to: '/loyalty/users/promo-boxes/list',
        labelKey: 'menu.loyaltyPromoBoxes',
        permission: 'promo-boxes.read',
        module: 'loyalty',
        component: 'loyalty.promo-boxes',
      },
      { to: '/loyalty/promotions/all', labelKey: 'menu.loyaltyPromotions', permission: 'promotions.read', module: 'loyalty' },
      { to: '/loyalty/general-report', labelKey: 'menu.loyaltyGeneralReport', permission: 'loyalty-reports.read', module: 'loyalty' },
      { to: '/loyalty/reports/owner', labelKey: 'menu.loyaltyOwnerReport', permission: 'loyalty-reports.read', module: 'loyalty' },
      { to: '/loyalty/reports/card', labelKey: 'menu.loyaltyCardReport', permission: 'loyalty-reports.read', module: 'loyalty' },
      { to: '/loyalty/reports/user', labelKey: 'menu.loyaltyUserReport', permission: 'loyalty-reports.read', module: 'loyalty' },
      {
        to: '/loyalty/pos-owners/list',
        labelKey: 'menu.loyaltyPosOwners',
        permission: 'pos-owners.read',
        module: 'loyalty',
        component: 'loyalty.pos',
      },
      {
        to: '/loyalty/pos-locations/list',
        labelKey: 'menu.loyaltyPosLocations',
        permission: 'pos-locations.read',
        module: 'loyalty',
        component: 'loyalty.pos',
      },
      {
        to: '/loyalty/pos-workers/list',
        labelKey: 'menu.loyaltyPosWorkers',
        permission: 'pos-workers.read',
        module: 'loyalty',
        component: 'loyalty.pos',
      },
    ],
  },
  {
    key: 'locations',
    labelKey: 'menu.locations',
    icon: IconMapPin,
    children: [
      { to: '/locations/list', labelKey: 'menu.locationsList', permission: 'locations.read' },
      { to: '/locations/new', labelKey: 'menu.locationsNew', permission: 'locations.create' },
    ],
  },
  {
    key: 'lessors',
    labelKey: 'menu.lessors',
    icon: IconContract,
    children: [
      { to: '/lessors/list', labelKey: 'menu.lessorsList', permission: 'lessors.read' },
      { to: '/lessors/new', labelKey: 'menu.lessorsNew', permission: 'lessors.create' },
    ],
  },
  {
    key: 'tags',
    labelKey: 'menu.tags',
    icon: IconTags,
    children: [
      { to: '/tags/list', labelKey: 'menu.tagsList', permission: 'tags.read' },
      { to: '/tags/new', labelKey: 'menu.tagsNew', permission: 'tags.create' },
    ],
  },
  {
    key: 'cities',
    labelKey: 'menu.cities',
    icon: IconBuildingCommunity,
    // Everyone reads cities (reference selects), but the screens are behind the admin gate (original §2).
    children: [
      { to: '/cities/list', labelKey: 'menu.citiesList', permission: 'cities.create' },
      { to: '/cities/new', labelKey: 'menu.citiesNew', permission: 'cities.create' },
    ],
  },
  // Every recorded change of money rows and settings (decision 0028): admins, managers and accountants.
  { key: 'audit-log', labelKey: 'menu.auditLog', icon: IconHistory, to: '/audit-log/list', permission: 'audit-log.read' },
  // Files brought in from other systems, previewed and written all at once (decision 0027).
  {
    key: 'imports',
    labelKey: 'menu.imports',
    icon: IconFileImport,
    children: [
      { to: '/imports/history', labelKey: 'menu.importsHistory', permission: 'imports.read', module: 'transfer' },
      { to: '/imports/new', labelKey: 'menu.importsNew', permission: 'imports.create', module: 'transfer' },
    ],
  },
  // Any list as a file, built in the background (decision 0026).
  {
    key: 'exports',
    labelKey: 'menu.exports',
    icon: IconFileExport,
    children: [{ to: '/exports/generate', labelKey: 'menu.exportsGenerate', permission: 'exports.create', module: 'transfer' }],
  },
  {
    key: 'settings',
    labelKey: 'menu.settings',
    icon: IconSettings,
    // Main settings (the company's, and the update banner for admins) and the fiscal settings are each
    // company's managers' and the admins' (issues 11, 15).
    children: [
      { to: '/settings/main', labelKey: 'menu.settingsMain', permission: 'settings.company' },
      { to: '/settings/fiscal', labelKey: 'menu.settingsFiscal', permission: 'fiscal-settings.read', module: 'bills' },
      // The e-mails composed (decision 0025): admins every company's, managers their company's.
      { to: '/settings/outbox', labelKey: 'menu.settingsOutbox', permission: 'mails.read' },
    ],
  },
  {
    key: 'profile',
    labelKey: 'menu.profile',
    icon: IconUserCircle,
    children: [{ to: '/profile/overview', labelKey: 'menu.profileOverview' }],
  },
];

/** The menu as the signed-in role may use it. */
export function useMenu(): MenuEntry[] {
  const access = useAccess();
  const allowed = (e: Partial<MenuLink>) =>
    (!e.permission || access.can(e.permission)) &&
    (!e.module || access.hasModule(e.module)) &&
    (!e.component || access.hasComponent(e.component));
  return menu
    .filter(allowed)
    .map((entry) => (entry.children ? { ...entry, children: entry.children.filter(allowed) } : entry))
    .filter((entry) => !entry.children || entry.children.length > 0);
}

const area = (path: string) => path.split('/')[1] ?? '';

/**
 * The group whose screen is open, so the accordion shows where the user is: its links' area, the first
 * path segment (`/users/edit/3` is in the group of `/users/list`).
 */
export function groupOf(entries: MenuEntry[], pathname: string): string | null {
  const here = area(pathname);
  return entries.find((e) => e.children?.some((c) => area(c.to) === here))?.key ?? null;
}
