import type { DateInputProps } from '@mantine/dates';

/** The props of `DayInput` and of its calendar chunk (`day-calendar-input.tsx`), apart so the chunk does not import its loader. */
export type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** `yyyy-MM-dd`, as the API sends calendar dates; empty for none. */
  value?: string;
  onChange: (value: string) => void;
};

/** What an empty day input shows, in the user's language. */
export const dayPlaceholder = (language: string) => (language === 'hr' ? 'dd.mm.gggg.' : 'dd.mm.yyyy');
