import { formatDate } from '@kovanica/contract';
import { TextInput } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayInputProps, dayPlaceholder } from './day-input-props.ts';

const DayCalendarInput = lazy(() => import('./day-calendar-input.tsx'));

/**
 * A calendar date shown and typed as dd.MM.yyyy (original §1), with a calendar to pick from in the
 * user's language; the value stays `yyyy-MM-dd`. The one date input of the app.
 *
 * Its calendar (Mantine's dates, dayjs and their styles, 19 kB) loads as the input first shows, not
 * with the page: the lists' date filters and a few forms brought it into seven screens' own code,
 * past the 100 kB each may add to the shell (decision 0016, 2026-11-29). Until it has loaded, the same
 * input stands in its place, its label and value as they will read, not yet editable.
 */
export function DayInput(props: DayInputProps) {
  // Focus given to the stand-in (a click, a Tab) passes to the input when it comes, which opens its calendar.
  const focused = useRef(false);
  return (
    <Suspense fallback={<LoadingDayInput {...props} onFocusChange={(on) => (focused.current = on)} />}>
      <DayCalendarInput {...props} focusOnMount={focused} />
    </Suspense>
  );
}

function LoadingDayInput({
  value,
  label,
  description,
  error,
  required,
  withAsterisk,
  placeholder,
  inputWrapperOrder,
  onFocusChange,
}: DayInputProps & { onFocusChange: (focused: boolean) => void }) {
  const { i18n } = useTranslation();
  return (
    <TextInput
      onFocus={() => onFocusChange(true)}
      onBlur={() => onFocusChange(false)}
      label={label}
      description={description}
      error={error}
      required={required}
      withAsterisk={withAsterisk}
      inputWrapperOrder={inputWrapperOrder}
      placeholder={placeholder ?? dayPlaceholder(i18n.language)}
      value={value ? formatDate(value) : ''}
      readOnly
    />
  );
}
