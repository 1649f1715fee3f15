import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The contact fields of a business party's form: name, OIB, e-mail, phone, address. */
export interface PartyValues {
  name: string;
  oib: string;
  email: string;
  phone: string;
  address: string;
}

/**
 * A business party's contact fields (a loyalty programme's owner, a POS owner): labels from
 * `resources.<resource>.fields.*`, the OIB's hint from `resources.<resource>.oibHint`.
 */
export function PartyFields<V extends PartyValues>({ form, resource }: { form: UseFormReturnType<V>; resource: string }) {
  const { t } = useTranslation();
  const f = (field: string) => `resources.${resource}.fields.${field}`;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t(f('name'))} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label={t(f('oib'))}
          description={t(`resources.${resource}.oibHint`)}
          required
          withAsterisk
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          {...form.getInputProps('oib')}
        />
        <TextInput label={t(f('email'))} type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label={t(f('phone'))} type="tel" autoComplete="off" {...form.getInputProps('phone')} />
      </SimpleGrid>
      <TextInput label={t(f('address'))} autoComplete="off" {...form.getInputProps('address')} />
    </>
  );
}
