import { useTranslation } from 'react-i18next';
import { DayInput } from './day-input.tsx';

interface DayRangeInputsProps {
  /** Business days as `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** A cleared input gives `undefined` (the page's default day). */
  onChange: (patch: { from?: string; to?: string }) => void;
  /** Another reason the range is refused (e.g. too long), shown under "To" when it is not backwards. */
  error?: string;
  /** Other names for the two days (a second range compared with the first). */
  labels?: { from: string; to: string };
}

/** The "From" and "To" days of a report's range (two cells of the page's filter grid); an end before the start says so. */
export function DayRangeInputs({ from, to, onChange, error, labels }: DayRangeInputsProps) {
  const { t } = useTranslation();
  const fromLabel = labels?.from ?? t('resources.revenue.from');
  const toLabel = labels?.to ?? t('resources.revenue.to');
  const clear = (label: string) => ({ 'aria-label': t('resources.revenue.clearDay', { label }) });
  return (
    <>
      <DayInput
        label={fromLabel}
        clearButtonProps={clear(fromLabel)}
        value={from}
        maxDate={to}
        onChange={(value) => onChange({ from: value || undefined })}
      />
      <DayInput
        label={toLabel}
        clearButtonProps={clear(toLabel)}
        value={to}
        error={to < from ? t('resources.revenue.endBeforeStart') : error}
        onChange={(value) => onChange({ to: value || undefined })}
      />
    </>
  );
}
