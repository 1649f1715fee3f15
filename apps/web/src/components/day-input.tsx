import { formatDate } from '@kovanica/contract';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/hr';
import { useTranslation } from 'react-i18next';
import { parseDay } from '../lib/day.ts';
import classes from './day-input.module.css';

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** `yyyy-MM-dd`, as the API sends calendar dates; empty for none. */
  value?: string;
  onChange: (value: string) => void;
};

/**
 * A calendar date shown and typed as dd.MM.yyyy (original §1), with a calendar to pick from in the
 * user's language; the value stays `yyyy-MM-dd`. The one date input of the app.
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { i18n, t } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'hr' ? 'hr' : 'en', firstDayOfWeek: 1 }}>
      <DateInput
        placeholder={i18n.language === 'hr' ? 'dd.mm.gggg.' : 'dd.mm.yyyy'}
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
