import { formatDate } from '@kovanica/contract';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/hr';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDay } from '../lib/day.ts';
import classes from './day-input.module.css';
import { type DayInputProps, dayPlaceholder } from './day-input-props.ts';

/** `DayInput`'s input with its calendar (Mantine's dates and dayjs): a chunk of its own, loaded as the input first shows. */
export default function DayCalendarInput({
  value,
  onChange,
  focusOnMount,
  ...props
}: DayInputProps & { focusOnMount?: RefObject<boolean> }) {
  const { i18n, t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // The stand-in had focus while this loaded: the input takes it over (and opens its calendar).
  useEffect(() => {
    if (focusOnMount?.current) input.current?.focus();
  }, [focusOnMount]);
  return (
    <DatesProvider settings={{ locale: i18n.language === 'hr' ? 'hr' : 'en', firstDayOfWeek: 1 }}>
      <DateInput
        ref={input}
        placeholder={dayPlaceholder(i18n.language)}
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={(day) => formatDate(day)}
        dateParser={parseDay}
        clearable
        classNames={{ day: classes.day }}
        // The icon-only buttons need a name (axe: button-name): the clear button and the calendar's.
        clearButtonProps={{ 'aria-label': t('dataTable.clearDate') }}
        ariaLabels={{
          previousMonth: t('dataTable.calendar.previousMonth'),
          nextMonth: t('dataTable.calendar.nextMonth'),
          previousYear: t('dataTable.calendar.previousYear'),
          nextYear: t('dataTable.calendar.nextYear'),
          previousDecade: t('dataTable.calendar.previousDecade'),
          nextDecade: t('dataTable.calendar.nextDecade'),
          monthLevelControl: t('dataTable.calendar.monthLevelControl'),
          yearLevelControl: t('dataTable.calendar.yearLevelControl'),
        }}
      />
    </DatesProvider>
  );
}
