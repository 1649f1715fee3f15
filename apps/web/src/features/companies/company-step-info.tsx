import { languages } from '@kovanica/contract';
import { Checkbox, Fieldset, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input.tsx';
import { type CompanyValues, emailToggles, moneyFields } from './company-form.ts';
import { ParentCompanySelect } from './company-references.tsx';

const f = (field: string) => `resources.companies.fields.${field}`;
const hint = (field: string) => `resources.companies.hints.${field}`;

/** Step 1 of the wizard: the company's own information (original §3); `self` is the edited company's IRI. */
export function CompanyStepInfo({ form, self }: { form: UseFormReturnType<CompanyValues>; self?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.identity')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t(f('name'))} required withAsterisk autoComplete="organization" {...form.getInputProps('name')} />
          <TextInput
            label={t(f('oib'))}
            description={t(hint('oib'))}
            required
            withAsterisk
            inputMode="numeric"
            maxLength={11}
            {...form.getInputProps('oib')}
          />
          <TextInput label={t(f('address'))} required withAsterisk autoComplete="street-address" {...form.getInputProps('address')} />
          <TextInput label={t(f('phone'))} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <TextInput label={t(f('email'))} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Checkbox label={t(f('inVatSystem'))} mt={{ sm: 'xl' }} {...form.getInputProps('inVatSystem', { type: 'checkbox' })} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.notifications')}>
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
      </Fieldset>

      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.operations')}>
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
      </Fieldset>

      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.group')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Checkbox
            label={t(f('isTopGun'))}
            description={t(hint('isTopGun'))}
            mt={{ sm: 'xl' }}
            {...form.getInputProps('isTopGun', { type: 'checkbox' })}
          />
          <ParentCompanySelect label={t(f('parent'))} description={t(hint('parent'))} self={self} {...form.getInputProps('parent')} />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
