import { type Alarm, formatMoney } from '@kovanica/contract';
import type { TFunction } from 'i18next';

const k = (key: string) => `resources.alarms.figures.${key}`;

/** A span of minutes as people read it on a list: `45 min`, `3 h 20 min`, `2 d 3 h` (the units are the same in both languages). */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.floor(minutes));
  const days = Math.floor(total / 1_440);
  const hours = Math.floor((total % 1_440) / 60);
  const rest = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/**
 * What an alarm's figure says, in the kind's unit (docs/rules.md "Alarms"): "offline 3 h 20 min",
 * "90 % full", "8 prizes left", "difference 12,50 €", "waiting 30 h", "ends in 10 days" or "ended 3
 * days ago"; a critical device's alarm code as it is. Null where there is nothing to say.
 */
export function alarmFigureText(alarm: Pick<Alarm, 'kind' | 'figure' | 'code'>, t: TFunction): string | null {
  // The alarm code, or the machine's own event codes (EVA-DTS, docs/rules.md "Alarms"), as they are.
  if (alarm.kind === 'device_critical' || alarm.kind === 'machine_event') return alarm.code;
  const figure = alarm.figure;
  if (figure === null) return null;
  switch (alarm.kind) {
    case 'device_offline':
      return t(k('device_offline'), { time: formatMinutes(figure) });
    case 'cash_box_full':
      return t(k('cash_box_full'), { percent: figure });
    case 'prize_stock_low':
      return t(k('prize_stock_low'), { count: figure });
    case 'deposit_difference':
      return t(k('deposit_difference'), { amount: formatMoney(figure) });
    case 'bill_deadline':
      return t(k('bill_deadline'), { hours: figure });
    case 'lessor_contract_ending':
      if (figure === 0) return t(k('endsToday'));
      return figure > 0 ? t(k('endsIn'), { count: figure }) : t(k('endedAgo'), { count: -figure });
  }
}
