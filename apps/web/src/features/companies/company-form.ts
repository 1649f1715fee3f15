import {
  type Company,
  type CompanyCreate,
  type CompanyPatch,
  companyCreate,
  companyPatch,
  type Language,
  type Module,
  type ModuleComponent,
  moduleComponents,
  type Role,
  validationMessage,
} from '@kovanica/contract';
import { type FieldErrors, schemaValidator } from '../../lib/forms.ts';

/** A logger created with the company; `key` only tells the rows apart on screen. */
export interface NewLoggerValues {
  key: string;
  imei: string;
  serial: string;
  simNumber: string;
}

/** A user created with the company; the wizard gives a new user one role. */
export interface NewUserValues {
  key: string;
  name: string;
  surname: string;
  email: string;
  role: Role | null;
  password: string;
}

/** What the company wizard edits: the company's fields plus what it sets up with the company. */
export interface CompanyValues {
  name: string;
  oib: string;
  inVatSystem: boolean;
  address: string;
  phone: string;
  email: string;
  notificationEmails: string[];
  sendNotifications: boolean;
  sendDailyReports: boolean;
  sendDepositNotifications: boolean;
  sendDeviceEmptyEvents: boolean;
  sendUnverifiedDeposits: boolean;
  /** The language of the company's e-mails. */
  language: Language;
  operationalCostsCents: number | null;
  tokenValueCents: number | null;
  depositToleranceCents: number | null;
  cardCorrectionLimitCents: number | null;
  offlineThresholdMinutes: number | string;
  isTopGun: boolean;
  parent: string | null;
  activeModules: Module[];
  activeModuleComponents: ModuleComponent[];
  loggers: string[];
  newLoggers: NewLoggerValues[];
  users: string[];
  newUsers: NewUserValues[];
}

// A company's alarm settings (and when its alarms escalate) are set on their own screen
// (/alarms/settings), each kind as it changes, not with the wizard: a new company starts with the defaults.
// So are its visits' rule and depot (docs/rules.md "Visits").
type BodyKey = Exclude<
  keyof CompanyCreate,
  'alarmRules' | 'alarmEscalationMinutes' | 'visitFillPercent' | 'visitFullWithinDays' | 'depotLatitude' | 'depotLongitude'
>;

/** The company's own fields, in the order of step 1 (also the order of the final check). */
export const companyFieldKeys = [
  'name',
  'oib',
  'inVatSystem',
  'address',
  'phone',
  'email',
  'notificationEmails',
  'sendNotifications',
  'sendDailyReports',
  'sendDepositNotifications',
  'sendDeviceEmptyEvents',
  'sendUnverifiedDeposits',
  'language',
  'operationalCostsCents',
  'tokenValueCents',
  'depositToleranceCents',
  'cardCorrectionLimitCents',
  'offlineThresholdMinutes',
  'isTopGun',
  'parent',
] as const satisfies readonly BodyKey[];

/** The four steps of the wizard (original §4) and the body fields each one holds. */
export const wizardSteps = [
  { key: 'company', fields: companyFieldKeys },
  { key: 'modules', fields: ['activeModules', 'activeModuleComponents', 'loggers', 'newLoggers'] },
  { key: 'users', fields: ['users', 'newUsers'] },
  { key: 'check', fields: [] },
] as const satisfies readonly { key: string; fields: readonly BodyKey[] }[];

export type WizardStepKey = (typeof wizardSteps)[number]['key'];
export const LAST_STEP = wizardSteps.length - 1;

/** The wizard is first, between or last (original §4). */
export type WizardPosition = 'first' | 'between' | 'last';
export const positionOf = (step: number): WizardPosition => (step === 0 ? 'first' : step === LAST_STEP ? 'last' : 'between');

/** The module a component belongs to: `finance.ebitda` → `finance`. */
export const moduleOfComponent = (component: ModuleComponent) => component.split('.')[0] as Module;

/** Components whose module is switched off are dropped: a component is only on when its module is. */
export const componentsWithin = (components: readonly ModuleComponent[], active: readonly Module[]) =>
  moduleComponents.filter((c) => components.includes(c) && active.includes(moduleOfComponent(c)));

/** The values of a new company: the server's defaults, so what the wizard shows is what is saved. */
export const emptyCompanyValues = (): CompanyValues => ({
  name: '',
  oib: '',
  inVatSystem: true,
  address: '',
  phone: '',
  email: '',
  notificationEmails: [],
  sendNotifications: true,
  sendDailyReports: false,
  sendDepositNotifications: false,
  sendDeviceEmptyEvents: false,
  sendUnverifiedDeposits: false,
  language: 'hr',
  operationalCostsCents: 0,
  tokenValueCents: 100,
  depositToleranceCents: 0,
  cardCorrectionLimitCents: 20_000,
  offlineThresholdMinutes: 120,
  isTopGun: false,
  parent: null,
  activeModules: [],
  activeModuleComponents: [],
  loggers: [],
  newLoggers: [],
  users: [],
  newUsers: [],
});

/** The values of a stored company; the additions of steps 2 and 3 start empty. */
export const companyValuesOf = (company: Company): CompanyValues => ({
  name: company.name,
  oib: company.oib,
  inVatSystem: company.inVatSystem,
  address: company.address,
  phone: company.phone ?? '',
  email: company.email ?? '',
  notificationEmails: [...company.notificationEmails],
  sendNotifications: company.sendNotifications,
  sendDailyReports: company.sendDailyReports,
  sendDepositNotifications: company.sendDepositNotifications,
  sendDeviceEmptyEvents: company.sendDeviceEmptyEvents,
  sendUnverifiedDeposits: company.sendUnverifiedDeposits,
  language: company.language,
  operationalCostsCents: company.operationalCostsCents,
  tokenValueCents: company.tokenValueCents,
  depositToleranceCents: company.depositToleranceCents,
  cardCorrectionLimitCents: company.cardCorrectionLimitCents,
  offlineThresholdMinutes: company.offlineThresholdMinutes,
  isTopGun: company.isTopGun,
  parent: company.parent,
  activeModules: [...company.activeModules],
  activeModuleComponents: [...company.activeModuleComponents],
  loggers: [],
  newLoggers: [],
  users: [],
  newUsers: [],
});

const textOrNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * The request body the values stand for, before validation. Empty optional texts are null; an
 * emptied number stays null so the contract schema reports it as required rather than it silently
 * falling back to a default.
 */
export function bodyOf(values: CompanyValues): Record<BodyKey, unknown> {
  return {
    name: values.name,
    oib: values.oib.trim(),
    inVatSystem: values.inVatSystem,
    address: values.address,
    phone: textOrNull(values.phone),
    email: textOrNull(values.email),
    notificationEmails: values.notificationEmails,
    sendNotifications: values.sendNotifications,
    sendDailyReports: values.sendDailyReports,
    sendDepositNotifications: values.sendDepositNotifications,
    sendDeviceEmptyEvents: values.sendDeviceEmptyEvents,
    sendUnverifiedDeposits: values.sendUnverifiedDeposits,
    language: values.language,
    operationalCostsCents: values.operationalCostsCents,
    tokenValueCents: values.tokenValueCents,
    depositToleranceCents: values.depositToleranceCents,
    cardCorrectionLimitCents: values.cardCorrectionLimitCents,
    offlineThresholdMinutes: typeof values.offlineThresholdMinutes === 'number' ? values.offlineThresholdMinutes : null,
    isTopGun: values.isTopGun,
    parent: values.parent,
    activeModules: values.activeModules,
    activeModuleComponents: componentsWithin(values.activeModuleComponents, values.activeModules),
    loggers: values.loggers,
    newLoggers: values.newLoggers.map((l) => ({ imei: l.imei.trim(), serial: textOrNull(l.serial), simNumber: textOrNull(l.simNumber) })),
    users: values.users,
    newUsers: values.newUsers.map((u) => ({
      name: u.name,
      surname: u.surname,
      email: u.email,
      roles: u.role ? [u.role] : [],
      password: u.password,
    })),
  };
}

const setupKeys = ['loggers', 'users', 'newLoggers', 'newUsers'] as const satisfies readonly BodyKey[];

/**
 * The merge-patch of an edit: only the company fields that changed, plus whatever steps 2 and 3
 * add. Lists compare by content, so re-ordering nothing sends nothing.
 */
export function patchBodyOf(initial: CompanyValues, values: CompanyValues): Record<string, unknown> {
  const before = bodyOf(initial);
  const after = bodyOf(values);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as BodyKey[]) {
    const isSetup = (setupKeys as readonly BodyKey[]).includes(key);
    if (isSetup ? (after[key] as unknown[]).length > 0 : JSON.stringify(after[key]) !== JSON.stringify(before[key])) {
      patch[key] = after[key];
    }
  }
  return patch;
}

/**
 * Error paths as the form's fields are named. The contract checks each notification e-mail and the
 * list of roles; the form shows one tags input and one role select, so those errors move there.
 */
export function formErrorsOf(errors: FieldErrors, values: CompanyValues): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    let key = path;
    let text = message;
    if (parts[0] === 'notificationEmails' && parts.length > 1) {
      key = 'notificationEmails';
      const bad = values.notificationEmails[Number(parts[1])];
      text = bad === undefined ? message : `${message} (${bad})`;
    } else if ((parts[0] === 'loggers' || parts[0] === 'users') && parts.length > 1) {
      key = parts[0];
    } else if (parts[0] === 'newUsers' && parts[2] === 'roles') {
      key = `newUsers.${parts[1]}.role`;
    } else if (parts[0] === 'activeModuleComponents' || parts[0] === 'activeModules') {
      key = parts[0];
    }
    out[key] ??= text;
  }
  return out;
}

/** The step that holds a field, by its path's first part; the last step when no step does. */
export function stepOfField(path: string): number {
  const key = path.split('.')[0];
  const index = wizardSteps.findIndex((s) => (s.fields as readonly string[]).includes(key ?? ''));
  return index === -1 ? LAST_STEP : index;
}

export type WizardMode = 'create' | 'edit';

const stepMask = (step: number) => Object.fromEntries(wizardSteps[step]?.fields.map((f) => [f, true]) ?? []) as Record<BodyKey, true>;

/**
 * The validator of one step: the step's keys picked from the contract's create or patch schema, so
 * the wizard and the server agree on every rule and message.
 */
export function stepValidator(mode: WizardMode, step: number, lang: () => Language) {
  const mask = stepMask(step);
  const schema = mode === 'create' ? companyCreate.pick(mask) : companyPatch.pick(mask);
  const keys = Object.keys(mask) as BodyKey[];
  const validate = schemaValidator<CompanyValues>(schema, lang, (values) => {
    const body = bodyOf(values);
    return Object.fromEntries(keys.map((k) => [k, body[k]]));
  });
  const extra = mode === 'create' && wizardSteps[step]?.key === 'users' ? managerRule(lang) : () => ({});
  return (values: CompanyValues): FieldErrors => ({ ...formErrorsOf(validate(values), values), ...extra(values) });
}

/**
 * A new company gets at least one user who can run it (docs/rules.md, "Companies"): a new user with
 * the manager role, or an existing user moved to it. The wizard asks this; the API does not.
 */
export const hasManager = (values: CompanyValues) => values.users.length > 0 || values.newUsers.some((u) => u.role === 'manager');

const managerRule =
  (lang: () => Language) =>
  (values: CompanyValues): FieldErrors =>
    hasManager(values) ? {} : { newUsers: validationMessage(lang(), 'manager_required') };

/** What keeps the wizard from saving, step by step: each step before the last with its errors' messages. */
export function missingOf(validators: readonly ((values: CompanyValues) => FieldErrors)[], values: CompanyValues) {
  return validators
    .slice(0, LAST_STEP)
    .map((validate, step) => ({ step, messages: [...new Set(Object.values(validate(values)))] }))
    .filter((m) => m.messages.length > 0);
}

/** The body of a create, parsed by the contract (trimmed, typed); null when anything is invalid. */
export function createBodyOf(values: CompanyValues): CompanyCreate | null {
  const parsed = companyCreate.safeParse(dropEmptySetup(bodyOf(values)));
  return parsed.success ? parsed.data : null;
}

/** The body of an edit, parsed by the contract; null when anything is invalid. */
export function patchOf(initial: CompanyValues, values: CompanyValues): CompanyPatch | null {
  const parsed = companyPatch.safeParse(patchBodyOf(initial, values));
  return parsed.success ? parsed.data : null;
}

/** A create sends the set-up lists only when the wizard added something to them. */
function dropEmptySetup(body: Record<BodyKey, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const key of setupKeys) if ((out[key] as unknown[]).length === 0) delete out[key];
  return out;
}
