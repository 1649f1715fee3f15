import { addDays, businessDate, type MonthCloses, monthStart } from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { FiscalKeys } from '../fiscal/keys.ts';
import { zagrebMidnight } from '../modules/month-closes/month-closes.service.ts';
import { FISCAL_TEST_SECRET, testApp } from '../testing/app.ts';
import { seedHistory } from './history.ts';
import { seedMonthCloses } from './month-close.ts';

// The demo's history from the first day of the month before last (two months and some days, the
// least that has a month to close and an open one after it), then the accountant's closes.
const keys = new FiscalKeys(FISCAL_TEST_SECRET);
const now = new Date();
const lastMonth = monthStart(addDays(monthStart(businessDate(now)), -1));
const monthBefore = monthStart(addDays(lastMonth, -1));
const t = await testApp();
await seedHistory(t.db, keys, { now, from: zagrebMidnight(monthBefore) });
await seedMonthCloses(t.db, keys, now);

describe('the demo’s month close', () => {
  it('has the month before last closed by the accountant, last month open with a late batch of the closed month counted in it', async () => {
    const { member } = (await t.json<MonthCloses>('accountant', { url: '/api/v2/month-closes' })).body;
    const closed = member.find((m) => `${m.month}-01` === monthBefore);
    const open = member.find((m) => `${m.month}-01` === lastMonth);
    expect(closed).toMatchObject({ status: 'closed', closedByName: expect.any(String) });
    expect(open?.status).toBe('open');
    expect(open?.adjustments).toEqual([{ month: monthBefore.slice(0, 7), events: 3, grossCents: 600, vatCents: 120 }]);
    expect(closed?.counted).toEqual([{ month: lastMonth.slice(0, 7), events: 3, grossCents: 600, vatCents: 120 }]);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'month-closes'), eq(auditLog.action, 'close')));
    expect(trail.length).toBeGreaterThanOrEqual(1);
  });
});
