import { type AlarmKind, type AlarmPreferencesPatch, alarmKinds, type User } from '@kovanica/contract';

/** Quiet hours a person turns on start from these until they choose their own. */
export const DEFAULT_QUIET_HOURS = { from: '22:00', to: '07:00' } as const;

/**
 * A person's alarm preferences as the form holds them, under `alarmPreferences` so the contract's
 * violations (`alarmPreferences.quietHours.to`) land on their fields.
 */
export interface MyAlarmsValues {
  alarmPreferences: {
    kinds: AlarmKind[];
    tags: string[];
    email: boolean;
    push: boolean;
    /** Kept while quiet hours are off, so turning them on again shows what was there. */
    quietHours: { from: string; to: string };
  };
  /** The kinds follow the roles' default again: saved as `kinds: null`. */
  roleDefault: boolean;
  /** Quiet hours at all; off: none (`quietHours: null`). */
  quiet: boolean;
}

export const myAlarmsValuesOf = (user: User): MyAlarmsValues => {
  const preferences = user.alarmPreferences;
  return {
    alarmPreferences: {
      kinds: [...preferences.kinds],
      tags: [...preferences.tags],
      email: preferences.email,
      push: preferences.push,
      quietHours: preferences.quietHours ? { ...preferences.quietHours } : { ...DEFAULT_QUIET_HOURS },
    },
    roleDefault: false,
    quiet: preferences.quietHours !== null,
  };
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Only the parts that changed go out: each part given replaces the stored one (a part left alone keeps
 * following the roles' default where it did). The kinds in the contract's order; `null` after "Reset to
 * my role's defaults".
 */
export function myAlarmsPatch(values: MyAlarmsValues, initial: MyAlarmsValues): { alarmPreferences: AlarmPreferencesPatch } {
  const now = values.alarmPreferences;
  const before = initial.alarmPreferences;
  const patch: AlarmPreferencesPatch = {};
  if (values.roleDefault) patch.kinds = null;
  else if (!sameSet(now.kinds, before.kinds)) patch.kinds = alarmKinds.filter((kind) => now.kinds.includes(kind));
  if (!sameSet(now.tags, before.tags)) patch.tags = [...now.tags];
  if (now.email !== before.email) patch.email = now.email;
  if (now.push !== before.push) patch.push = now.push;
  const hoursChanged = now.quietHours.from !== before.quietHours.from || now.quietHours.to !== before.quietHours.to;
  if (values.quiet !== initial.quiet || (values.quiet && hoursChanged)) patch.quietHours = values.quiet ? { ...now.quietHours } : null;
  return { alarmPreferences: patch };
}
