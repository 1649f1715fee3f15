/**
 * Roles, modules and the permission matrix (docs/rules.md "Tenancy, roles and modules"). The server enforces these on every route;
 * the web app uses them to hide what a role cannot do. Defined once, here.
 */
export const roles = ['admin', 'manager', 'accountant', 'worker'] as const;
export type Role = (typeof roles)[number];

export const modules = ['devices', 'deposits', 'finance', 'bills', 'stock', 'loyalty', 'transfer'] as const;
export type Module = (typeof modules)[number];

/** Parts of a module that can be switched off on their own. */
export const moduleComponents = [
  'devices.map',
  'devices.maintenance',
  'finance.ebitda',
  'finance.comparative',
  'loyalty.promo-boxes',
  'loyalty.pos',
] as const;
export type ModuleComponent = (typeof moduleComponents)[number];

const crud = ['read', 'create', 'update', 'delete'] as const;

/** Every permission, `<resource>.<action>`. */
export const permissionsByResource = {
  // Signing out: every signed-in user may.
  auth: ['logout'],
  companies: crud,
  users: crud,
  cities: crud,
  // `update`: the platform's layout (the update banner), admins; `company`: one's company's settings
  // screen (/settings/main; the fields themselves are ruled by `writeRules.companies`).
  settings: ['read', 'update', 'company'],
  dashboard: ['read'],
  search: ['read'],
  lessors: crud,
  locations: crud,
  tags: crud,
  loggers: crud,
  devices: [...crud, 'command'],
  commands: ['read'],
  'service-sessions': ['read'],
  'critical-episodes': ['read'],
  // Batches held as implausible (docs/rules.md "Plausibility"): `decide` releases one into the
  // revenue or discards it, the managers' call.
  'telemetry-holds': ['read', 'decide'],
  // Alarms (docs/rules.md "Alarms"): raised and resolved by the server; `acknowledge` says "I am on it".
  alarms: ['read', 'acknowledge'],
  // Collection rounds (docs/rules.md "Visits"): managers plan and assign them; `work` marks one's own
  // round's stops done (which records the emptying and opens the deposit).
  visits: [...crud, 'work'],
  emptyings: ['read'],
  // Machines' own accounting (docs/rules.md "Machine audits"): `create` takes an EVA-DTS file in,
  // `update` assigns one to a device.
  'machine-audits': ['read', 'create', 'update'],
  maintenance: crud,
  // `import`: historical transactions from another system through `POST /imports` (decision 0027).
  transactions: ['read', 'import'],
  // `companies`: every company's revenue per day side by side (docs/rules.md "Telemetry, devices in operation, deposits"), for admins only.
  revenue: ['read', 'companies'],
  deposits: ['read', 'create', 'verify'],
  finance: ['read'],
  // A company's months closed for good (docs/rules.md "Month close"): accountants close them,
  // managers may reopen one, with a reason.
  'month-closes': ['read', 'close', 'reopen'],
  bills: ['read', 'create', 'resend'],
  // Every send of a bill to CIS, as kept (read-only).
  'bill-attempts': ['read'],
  // A company's fiscal settings and certificates: its managers and admins (docs/rules.md "Bills and fiscalization", fiscal settings).
  'fiscal-settings': ['read', 'update', 'check'],
  'fiscal-certificates': ['read', 'create'],
  // The simulated CIS's switches (the server's own, for demos and tests): admins only.
  'cis-simulator': ['read', 'update'],
  articles: crud,
  repositories: crud,
  // Immutable: a wrong movement is reversed (a create), never changed or deleted.
  movements: ['read', 'create'],
  // The loyalty programme (docs/rules.md "Loyalty: cards, spends, top-ups"): owners, card holders, cards, their ledger (read; staff
  // corrections are adjustments, a create), top-ups (immutable), promotions, promo boxes, points of sale.
  'loyalty-owners': crud,
  'card-holders': crud,
  'loyalty-cards': crud,
  'card-transactions': ['read', 'create'],
  'top-ups': ['read', 'create'],
  promotions: crud,
  'promo-boxes': crud,
  'pos-owners': crud,
  'pos-locations': crud,
  'pos-workers': crud,
  'loyalty-reports': ['read'],
  exports: ['read', 'create'],
  imports: ['read', 'create'],
  // The outbox (decision 0025): read-only; admins every company's, managers their company's.
  mails: ['read'],
  // The audit trail (decision 0028): read-only for everyone; admins, managers and accountants.
  'audit-log': ['read'],
} as const satisfies Record<string, readonly string[]>;

type PermissionOf<R extends keyof typeof permissionsByResource> = `${R}.${(typeof permissionsByResource)[R][number]}`;
export type Permission = { [R in keyof typeof permissionsByResource]: PermissionOf<R> }[keyof typeof permissionsByResource];

export const permissions: readonly Permission[] = Object.entries(permissionsByResource).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}.${action}` as Permission),
);

/** The module a resource belongs to; resources not listed belong to no module and are always on. */
export const resourceModule: Partial<Record<keyof typeof permissionsByResource, Module>> = {
  loggers: 'devices',
  devices: 'devices',
  commands: 'devices',
  'service-sessions': 'devices',
  'critical-episodes': 'devices',
  'telemetry-holds': 'devices',
  visits: 'deposits',
  emptyings: 'devices',
  'machine-audits': 'devices',
  maintenance: 'devices',
  transactions: 'devices',
  deposits: 'deposits',
  revenue: 'finance',
  finance: 'finance',
  'month-closes': 'finance',
  bills: 'bills',
  'bill-attempts': 'bills',
  'fiscal-settings': 'bills',
  'fiscal-certificates': 'bills',
  articles: 'stock',
  repositories: 'stock',
  movements: 'stock',
  'loyalty-owners': 'loyalty',
  'card-holders': 'loyalty',
  'loyalty-cards': 'loyalty',
  'card-transactions': 'loyalty',
  'top-ups': 'loyalty',
  promotions: 'loyalty',
  'promo-boxes': 'loyalty',
  'pos-owners': 'loyalty',
  'pos-locations': 'loyalty',
  'pos-workers': 'loyalty',
  'loyalty-reports': 'loyalty',
  exports: 'transfer',
  imports: 'transfer',
};

/**
 * The module component a resource needs besides its module (the server's guard and the web's route
 * gates read it here; the resource's description points to it).
 */
export const resourceComponent: Partial<Record<keyof typeof permissionsByResource, ModuleComponent>> = {
  maintenance: 'devices.maintenance',
  'promo-boxes': 'loyalty.promo-boxes',
  'pos-owners': 'loyalty.pos',
  'pos-locations': 'loyalty.pos',
  'pos-workers': 'loyalty.pos',
};

const all = (resource: keyof typeof permissionsByResource): Permission[] =>
  permissionsByResource[resource].map((a) => `${resource}.${a}` as Permission);
const only = (resource: keyof typeof permissionsByResource, ...actions: string[]): Permission[] =>
  actions.map((a) => `${resource}.${a}` as Permission);

const companyStaff: Permission[] = [
  ...only('auth', 'logout'),
  ...only('settings', 'read'),
  ...only('dashboard', 'read'),
  ...only('cities', 'read'),
  ...only('search', 'read'),
];

/** What each role may do. `admin` may do everything, in any company. */
export const rolePermissions: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(permissions),
  manager: new Set<Permission>([
    ...companyStaff,
    // Their company's people, e.g. to name a location's responsible worker; managing users stays with admins.
    ...only('users', 'read'),
    ...only('settings', 'company'),
    ...(
      [
        'lessors',
        'locations',
        'tags',
        'loggers',
        'devices',
        'commands',
        'service-sessions',
        'critical-episodes',
        'telemetry-holds',
        'alarms',
        'visits',
        'emptyings',
        'machine-audits',
        'maintenance',
        'articles',
        'repositories',
        'movements',
        'loyalty-owners',
        'card-holders',
        'loyalty-cards',
        'card-transactions',
        'top-ups',
        'promotions',
        'promo-boxes',
        'pos-owners',
        'pos-locations',
        'pos-workers',
        'loyalty-reports',
      ] as const
    ).flatMap(all),
    ...all('transactions'),
    ...only('revenue', 'read'),
    ...all('deposits'),
    ...all('finance'),
    ...all('month-closes'),
    ...all('bills'),
    ...all('bill-attempts'),
    ...all('fiscal-settings'),
    ...all('fiscal-certificates'),
    ...all('exports'),
    ...all('imports'),
    ...all('audit-log'),
    // Their company's outbox: what was mailed to its notification addresses (decision 0025).
    ...only('mails', 'read'),
  ]),
  accountant: new Set<Permission>([
    ...companyStaff,
    ...only('lessors', 'read'),
    ...only('locations', 'read'),
    ...only('tags', 'read'),
    ...only('devices', 'read'),
    ...(['commands', 'service-sessions', 'critical-episodes', 'emptyings'] as const).flatMap(all),
    ...only('loggers', 'read'),
    ...only('maintenance', 'read'),
    // The machines' own accounting, to check the money against.
    ...only('machine-audits', 'read'),
    ...only('transactions', 'read'),
    // The money held back from the revenue, and who let it in.
    ...only('telemetry-holds', 'read'),
    // The deposits and bills that wait on them, with every other alarm of their company.
    ...all('alarms'),
    // The rounds and the cash they expected, to verify deposits against.
    ...only('visits', 'read'),
    ...only('revenue', 'read'),
    ...only('deposits', 'read', 'verify'),
    ...all('finance'),
    ...only('month-closes', 'read', 'close'),
    ...all('bills'),
    ...all('bill-attempts'),
    ...only('articles', 'read'),
    ...only('repositories', 'read'),
    ...only('movements', 'read'),
    // The loyalty programme's money (cards, their ledger, top-ups, the reports) and its partners, read.
    ...(
      [
        'loyalty-owners',
        'card-holders',
        'loyalty-cards',
        'card-transactions',
        'top-ups',
        'promotions',
        'pos-owners',
        'pos-locations',
        'loyalty-reports',
      ] as const
    ).flatMap((r) => only(r, 'read')),
    ...all('exports'),
    // Their company's imports history (decision 0027); importing is the managers'.
    ...only('imports', 'read'),
    // The audit trail of their view's companies, read-only: who changed which money row, and when.
    ...only('audit-log', 'read'),
  ]),
  worker: new Set<Permission>([
    ...companyStaff,
    ...only('locations', 'read'),
    ...only('tags', 'read'),
    ...only('loggers', 'read'),
    ...only('devices', 'read', 'update', 'command'),
    ...(['commands', 'service-sessions', 'critical-episodes', 'emptyings'] as const).flatMap(all),
    ...all('maintenance'),
    // The audits they read out of a machine's DEX port in the field; assigning one is the managers'.
    ...only('machine-audits', 'read', 'create'),
    ...only('deposits', 'read', 'create'),
    // The alarms of the machines they look after, and "I am on it".
    ...all('alarms'),
    // Their own collection rounds (docs/rules.md "Visits"): read, and each stop done.
    ...only('visits', 'read', 'work'),
    // Stock in the field: they record moves (receipts, transfers, loads, counts); articles and
    // repositories are the managers'.
    ...only('articles', 'read'),
    ...only('repositories', 'read'),
    ...all('movements'),
  ]),
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && rolePermissions[role].has(permission);
}

/** The module a permission needs switched on, if any. */
export function moduleOf(permission: Permission): Module | undefined {
  return resourceModule[permission.split('.')[0] as keyof typeof permissionsByResource];
}

/**
 * Who may switch to the All Companies view: admins (every company) and managers of a top-level
 * company (their company and its subsidiaries).
 */
export function canViewAllCompanies(role: Role | null | undefined, companyIsTopGun: boolean): boolean {
  return role === 'admin' || (role === 'manager' && companyIsTopGun);
}

/**
 * Who may write which field (docs/rules.md "Accounts and sign-in", who may write which field). A field not
 * listed may be written by every role holding the resource's `create` or `update` permission, on any row the
 * role reaches; a listed field narrows that. "Own record" means, per resource: a user's own account
 * (`users`), a maintenance record the user performed (`maintenance`). The server enforces this table on every
 * write of the standard routes, and a table-driven test walks it for every role.
 */
export interface FieldRule {
  /** Roles that may write the field on any row they reach (instead of every holder of the permission). */
  roles?: readonly Role[];
  /** Roles that may write it on their own record only, with or without the permission. */
  own?: readonly Role[];
  /** Never on one's own record, whoever asks: this is how a role would be raised or an account taken. */
  notOwn?: boolean;
}

export interface WriteRules {
  /** Roles that may change or delete only their own records of the resource. */
  ownOnly?: readonly Role[];
  fields?: Readonly<Record<string, FieldRule>>;
}

const everyone = roles;
const adminOnly: readonly Role[] = ['admin'];
const managers: readonly Role[] = ['admin', 'manager'];
const companyManagers: readonly Role[] = ['manager'];

export const writeRules: Partial<Record<keyof typeof permissionsByResource, WriteRules>> = {
  // Only an admin manages users; everyone keeps their own name, phone, OIB, photo, language and password
  // (the password only with the current one); nobody changes their own e-mail, role, company or
  // active flag.
  users: {
    fields: {
      email: { roles: adminOnly, notOwn: true },
      roles: { roles: adminOnly, notOwn: true },
      company: { roles: adminOnly, notOwn: true },
      active: { roles: adminOnly, notOwn: true },
      name: { roles: adminOnly, own: everyone },
      surname: { roles: adminOnly, own: everyone },
      phone: { roles: adminOnly, own: everyone },
      // The operator OIB of one's bills by hand: one's own to set, like one's name (docs/rules.md).
      oib: { roles: adminOnly, own: everyone },
      photo: { roles: adminOnly, own: everyone },
      language: { roles: adminOnly, own: everyone },
      // Which alarms reach one, how and when: one's own to choose (docs/rules.md "Alarms").
      alarmPreferences: { roles: adminOnly, own: everyone },
      password: { roles: adminOnly, own: everyone },
      currentPassword: { own: everyone },
    },
  },
  // A company's settings (docs/rules.md "Company settings and the API's names"): its managers change them on their own company only
  // (not on a subsidiary's), admins on any; the rest of the company (name, OIB, modules, parent, …)
  // is the admins'. "Own" is the caller's company.
  companies: {
    fields: Object.fromEntries(
      [
        'operationalCostsCents',
        'tokenValueCents',
        'depositToleranceCents',
        'cardCorrectionLimitCents',
        'offlineThresholdMinutes',
        // Which alarms the company raises, at which figures (docs/rules.md "Alarms").
        'alarmRules',
        'alarmEscalationMinutes',
        // Which boxes the day's visits proposal takes, and the depot the rounds start from (docs/rules.md "Visits").
        'visitFillPercent',
        'visitFullWithinDays',
        'depotLatitude',
        'depotLongitude',
        'sendNotifications',
        'sendDailyReports',
        'sendDepositNotifications',
        'sendDeviceEmptyEvents',
        'sendUnverifiedDeposits',
        'notificationEmails',
        // The language of the company's e-mails (decision 0025).
        'language',
      ].map((field): [string, FieldRule] => [field, { own: companyManagers }]),
    ),
  },
  // Workers place, name and tag the machines; prices, groups and fiscal data are the managers'.
  devices: {
    fields: {
      group: { roles: managers },
      playPriceCents: { roles: managers },
      tokenValueCents: { roles: managers },
      premisesLabel: { roles: managers },
      isuNumber: { roles: managers },
      fiscalize: { roles: managers },
      // The serials audits are matched by (docs/rules.md "Machine audits").
      machineSerial: { roles: managers },
      boardSerial: { roles: managers },
      // Which article each selection holds (docs/rules.md "Planograms and audit sales"), `PUT /devices/{id}/planogram`.
      planogram: { roles: managers },
    },
  },
  // A worker keeps their own maintenance records; who did the work is named by managers.
  maintenance: {
    ownOnly: ['worker'],
    fields: { performedBy: { roles: managers, own: ['worker'] } },
  },
};

/**
 * May `role` write `field` of `resource` through `action`? `own`: the row is the caller's own (for an
 * update: before and after the change).
 */
export function mayWriteField(
  role: Role,
  resource: keyof typeof permissionsByResource,
  action: 'create' | 'update',
  field: string,
  own: boolean,
): boolean {
  const rules = writeRules[resource];
  if (!own && rules?.ownOnly?.includes(role)) return false;
  const rule = rules?.fields?.[field];
  if (own && rule?.notOwn) return false;
  const holds = can(role, `${resource}.${action}` as Permission);
  if (rule?.roles ? rule.roles.includes(role) && holds : holds) return true;
  return own && (rule?.own?.includes(role) ?? false);
}

/**
 * Does a field rule open the resource's updates to a role without the update permission (on its own
 * records only)? Such a route lets every role through its gate and checks the fields.
 */
export function hasOwnWrites(resource: keyof typeof permissionsByResource): boolean {
  const update = `${resource}.update` as Permission;
  return Object.values(writeRules[resource]?.fields ?? {}).some((rule) => rule.own?.some((role) => !can(role, update)));
}
