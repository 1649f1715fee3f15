import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CompanyNotificationFields, CompanyOperationFields } from '../../components/company-settings-fields.tsx';
import type { CompanyValues } from './company-form.ts';
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
        <CompanyNotificationFields form={form} />
      </Fieldset>

      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.operations')}>
        <CompanyOperationFields form={form} />
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
