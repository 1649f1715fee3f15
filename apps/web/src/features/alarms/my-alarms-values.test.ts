import { type User, userPatch } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_HOURS, myAlarmsPatch, myAlarmsValuesOf } from './my-alarms-values.ts';

const user = (alarmPreferences: User['alarmPreferences']) => ({ alarmPreferences }) as User;
const stored = user({ kinds: ['device_critical', 'cash_box_full'], tags: [], email: true, push: true, quietHours: null });

describe('my alarms', () => {
  it('starts from what applies, with quiet hours off at their usual times', () => {
    const values = myAlarmsValuesOf(stored);
    expect(values.quiet).toBe(false);
    expect(values.roleDefault).toBe(false);
    expect(values.alarmPreferences.quietHours).toEqual(DEFAULT_QUIET_HOURS);
    expect(myAlarmsPatch(values, values)).toEqual({ alarmPreferences: {} });
  });

  it('sends only the parts that changed, the kinds in the contract order', () => {
    const initial = myAlarmsValuesOf(stored);
    const values = {
      ...initial,
      quiet: true,
      alarmPreferences: {
        ...initial.alarmPreferences,
        kinds: ['cash_box_full' as const, 'device_offline' as const],
        tags: ['/api/v2/tags/3'],
        email: false,
        quietHours: { from: '23:00', to: '06:30' },
      },
    };
    const patch = myAlarmsPatch(values, initial);
    expect(patch).toEqual({
      alarmPreferences: {
        kinds: ['device_offline', 'cash_box_full'],
        tags: ['/api/v2/tags/3'],
        email: false,
        quietHours: { from: '23:00', to: '06:30' },
      },
    });
    expect(userPatch.safeParse(patch).success).toBe(true);
  });

  it("the role's defaults again are `kinds: null`; quiet hours turned off are null", () => {
    const initial = myAlarmsValuesOf(user({ ...stored.alarmPreferences, quietHours: { from: '22:00', to: '06:00' } }));
    expect(initial.quiet).toBe(true);
    const patch = myAlarmsPatch({ ...initial, roleDefault: true, quiet: false }, initial);
    expect(patch).toEqual({ alarmPreferences: { kinds: null, quietHours: null } });
  });

  it('equal times are refused by the contract at `to`', () => {
    const initial = myAlarmsValuesOf(stored);
    const values = {
      ...initial,
      quiet: true,
      alarmPreferences: { ...initial.alarmPreferences, quietHours: { from: '22:00', to: '22:00' } },
    };
    const result = userPatch.safeParse(myAlarmsPatch(values, initial));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['alarmPreferences', 'quietHours', 'to']);
  });
});
