import { type Language, languages } from '@kovanica/contract';
import { NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from './money-input.tsx';

const f = (field: string) => `resources.companies.fields.${field}`;
const hint = (field: string) => `resources.companies.hints.${field}`;

/** The company's settings (original §3), which its managers may change too: the wizard's and `/settings/main`'s. */
export interface CompanySettingsValues {
  notificationEmails: string[];
  language: Language;
  sendNotifications: boolean;
  sendDailyReports: boolean;
  sendDepositNotifications: boolean;
  sendDeviceEmptyEvents: boolean;
  sendUnverifiedDeposits: boolean;
  operationalCostsCents: number | null;
  tokenValueCents: number | null;
  depositToleranceCents: number | null;
  cardCorrectionLimitCents: number | null;
  offlineThresholdMinutes: number | string;
}

/** The e-mail switches (original §3). */
export const emailToggles = [
  'sendNotifications',
  'sendDailyReports',
  'sendDepositNotifications',
  'sendDeviceEmptyEvents',
  'sendUnverifiedDeposits',
] as const satisfies readonly (keyof CompanySettingsValues)[];

/** The money fields, all integer cents. */
export const moneyFields = [
  'operationalCostsCents',
  'tokenValueCents',
  'depositToleranceCents',
  'cardCorrectionLimitCents',
] as const satisfies readonly (keyof CompanySettingsValues)[];

type FormOf<T extends CompanySettingsValues> = Pick<UseFormReturnType<T>, 'getInputProps' | 'getValues'>;

/** Where the e-mails go, in which language, and which are sent. */
export function CompanyNotificationFields<T extends CompanySettingsValues>({ form }: { form: FormOf<T> }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TagsInput
        label={t(f('notificationEmails'))}
        description={t(hint('notificationEmails'))}
        splitChars={[',', ' ', ';']}
        clearable
        acceptValueOnBlur
        {...form.getInputProps('notificationEmails')}
      />
      <NativeSelect
        label={t(f('language'))}
        description={t(hint('language'))}
        data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        {...form.getInputProps('language')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {emailToggles.map((field) => (
          <Switch key={field} label={t(f(field))} {...form.getInputProps(field, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The money the reports and deposits use, and when a device counts as offline. */
export function CompanyOperationFields<T extends CompanySettingsValues>({ form }: { form: FormOf<T> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {moneyFields.map((field) => (
        <MoneyInput
          key={field}
          label={t(f(field))}
          description={t(hint(field))}
          required
          withAsterisk
          {...form.getInputProps(field)}
          value={form.getValues()[field]}
        />
      ))}
      <NumberInput
        label={t(f('offlineThresholdMinutes'))}
        description={t(hint('offlineThresholdMinutes'))}
        required
        withAsterisk
        min={5}
        max={10_080}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        {...form.getInputProps('offlineThresholdMinutes')}
      />
    </SimpleGrid>
  );
}
