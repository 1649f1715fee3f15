import { roles, type User } from '@kovanica/contract';
import { Fieldset, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { CompanyValues } from './company-form.ts';
import { UsersMultiSelect } from './company-references.tsx';
import { CurrentItems } from './current-items.tsx';
import { NewItems } from './new-items.tsx';

const f = (field: string) => `resources.companies.fields.${field}`;
const nu = (field: string) => `resources.companies.newUser.${field}`;

/** Step 3 of the wizard: users moved to the company and users created in it. */
export function CompanyStepUsers({ form, currentUsers }: { form: UseFormReturnType<CompanyValues>; currentUsers?: User[] }) {
  const { t } = useTranslation();
  const { newUsers } = form.getValues();
  const roleOptions = roles.map((r) => ({ value: r, label: t(`roles.${r}`) }));

  return (
    <Stack gap="lg">
      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.users')}>
        <Stack>
          {currentUsers && (
            <CurrentItems
              title={t('resources.companies.wizard.currentUsers')}
              empty={t('resources.companies.wizard.noCurrentUsers')}
              items={currentUsers.map((u) => ({
                key: u['@id'],
                primary: `${u.name} ${u.surname}`,
                secondary: [u.email, ...u.roles.slice(0, 1).map((r) => t(`roles.${r}`))].join(' · '),
              }))}
            />
          )}
          <UsersMultiSelect label={t(f('users'))} description={t('resources.companies.hints.users')} {...form.getInputProps('users')} />
          <NewItems
            title={t(f('newUsers'))}
            empty={t('resources.companies.wizard.noNewUsers')}
            error={form.errors.newUsers}
            items={newUsers}
            legend={(n) => t('resources.companies.wizard.newUserN', { n })}
            removeLabel={(n) => t('resources.companies.wizard.removeNewUser', { n })}
            addLabel={t('resources.companies.wizard.addUser')}
            cols={{ base: 1, sm: 2, lg: 3 }}
            onAdd={() =>
              form.insertListItem('newUsers', { key: randomId(), name: '', surname: '', email: '', role: 'manager', password: '' })
            }
            onRemove={(index) => form.removeListItem('newUsers', index)}
            fields={(_user, index) => (
              <>
                <TextInput
                  label={t(nu('name'))}
                  required
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps(`newUsers.${index}.name`)}
                />
                <TextInput
                  label={t(nu('surname'))}
                  required
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps(`newUsers.${index}.surname`)}
                />
                <TextInput
                  label={t(nu('email'))}
                  type="email"
                  required
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps(`newUsers.${index}.email`)}
                />
                <Select
                  label={t(nu('role'))}
                  data={roleOptions}
                  required
                  withAsterisk
                  allowDeselect={false}
                  {...form.getInputProps(`newUsers.${index}.role`)}
                />
                <PasswordInput
                  label={t(nu('password'))}
                  description={t('resources.companies.hints.password')}
                  required
                  withAsterisk
                  autoComplete="new-password"
                  {...form.getInputProps(`newUsers.${index}.password`)}
                />
              </>
            )}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
