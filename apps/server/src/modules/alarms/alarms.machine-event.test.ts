import type { Alarm, Collection, Device } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLocation } from '../../testing/fixtures.ts';

// The machine's own events (EVA-DTS `EA2`, docs/rules.md "Alarms", `machine_event`): an active event in
// the device's latest audit, taken within the company's days, is an alarm; a newer audit without it, or
// the audit growing old, resolves it.

const t = await testApp();

/** `YYYYMMDD` and `HHMM` of an instant on Zagreb's clock, as a machine's ID5 gives them. */
function machineClock(at: Date): [string, string] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zagreb',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return [`${parts.year}${parts.month}${parts.day}`, `${parts.hour}${parts.minute}`];
}

/** A machine's audit read `daysAgo` with these `EA2` lines, uploaded for the device as a person would. */
async function audit(device: Device, daysAgo: number, events: string[]) {
  const [date, time] = machineClock(new Date(Date.now() - daysAgo * 86_400_000 - 60_000));
  // ST, ID1, ID5, VA1, the events and SE: the segment count SE gives.
  const segments = ['ST*001*0001', `ID1*EV-${device.id}`, `ID5*${date}*${time}`, 'VA1*1000*10', ...events];
  const content = ['DXS*T*VA*V0/6*1', ...segments, `SE*${segments.length + 1}*0001`, 'DXE*1*1'].join('\r\n');
  const answer = await t.as('manager', {
    method: 'POST',
    url: '/api/v2/machine-audits',
    payload: { fileName: `audit-${date}-${time}.dex`, content, device: device['@id'] },
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

const alarmsOf = async (deviceId: number) =>
  (await t.json<Collection<Alarm>>('manager', { url: `/api/v2/alarms?device=${deviceId}&kind=machine_event&itemsPerPage=100` })).body
    .member;

describe('a machine event', () => {
  it('raises one alarm with the active codes, resolved by a newer audit without them', async () => {
    const location = await createLocation(t, {});
    const { device } = await createDeviceWithLogger(t, { location: location['@id'] });
    await audit(device, 1, ['EA2*EGS*3*11**1', 'EA2*ELA*1*4**0', 'EA2*EJJ*1*2**1']);
    await t.app.sweepAlarms();
    await t.app.sweepAlarms();
    const open = await alarmsOf(device.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'machine_event', status: 'open', code: 'EGS, EJJ', figure: 2, lossCentsPerHour: 0 });

    await audit(device, 0, ['EA2*EGS*3*11**0', 'EA2*EJJ*1*2**0']);
    await t.app.sweepAlarms();
    expect((await alarmsOf(device.id)).map((a) => a.status)).toEqual(['resolved']);
  });

  it('takes only an audit within the company’s days: an older one says nothing of the machine now', async () => {
    const { device } = await createDeviceWithLogger(t, {});
    await audit(device, 8, ['EA2*EGS*3*11**1']);
    await t.app.sweepAlarms();
    expect(await alarmsOf(device.id)).toEqual([]);
  });
});
