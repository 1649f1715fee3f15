import { formatMoney, formatPercent, type Lessor, type Location, parseIri, type RentalTermsApplied, rentalTypes } from '@kovanica/contract';
import { Select, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input.tsx';
import { PercentInput } from '../../components/percent-input.tsx';
import { useAccess } from '../../lib/access.ts';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import type { LocationValues } from './location-values.ts';

type Term = keyof RentalTermsApplied;
type Applied = { value: string | number | null; from: 'location' | 'lessor' | null };

/**
 * A location's rental terms. Each one left empty falls back to the lessor's (docs/rules.md "Units, formats and languages"); beside each
 * field the value that applies is shown with where it comes from: the saved item's `rentalTerms`
 * while the field and the lessor are as saved, else worked out live from the chosen lessor.
 */
export function RentalTermsFields({
  form,
  location,
  disabled,
}: {
  form: UseFormReturnType<LocationValues>;
  location?: Location;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const values = form.getValues();
  const lessorId = values.lessor ? parseIri('lessors', values.lessor) : null;
  const lessor = useQuery({ ...lessorsApi.detail(lessorId ?? 0), enabled: lessorId !== null && can('lessors.read') });

  const applied = (term: Term): Applied => {
    const own = values[term];
    if (location && values.lessor === location.lessor && own === location[term]) return location.rentalTerms[term];
    if (own !== null) return { value: own, from: 'location' };
    const fromLessor: Lessor[Term] | undefined = lessorId !== null ? lessor.data?.[term] : undefined;
    return fromLessor != null ? { value: fromLessor, from: 'lessor' } : { value: null, from: null };
  };

  const show = (term: Term, value: string | number) => {
    if (term === 'rentalType') return t(`resources.lessors.rentalTypes.${value}`);
    if (term === 'rentalPercentage') return formatPercent(Number(value));
    return formatMoney(Number(value));
  };

  const lessorName = lessor.data?.name ?? location?.lessorName ?? '';
  const describe = (term: Term) => {
    const a = applied(term);
    if (a.value === null) return values.lessor ? t('resources.locations.rental.notSet') : t('resources.locations.rental.notSetNoLessor');
    if (a.from === 'lessor') return t('resources.locations.rental.fromLessor', { value: show(term, a.value), lessor: lessorName });
    return t('resources.locations.rental.fromLocation', { value: show(term, a.value) });
  };

  const describedBy = (term: Term) => (
    <Text component="span" size="xs" c={applied(term).from === 'lessor' ? 'indigo.8' : 'dimmed'}>
      {describe(term)}
    </Text>
  );

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('resources.locations.rental.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('resources.locations.fields.rentalType')}
          description={describedBy('rentalType')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={rentalTypes.map((type) => ({ value: type, label: t(`resources.lessors.rentalTypes.${type}`) }))}
          clearable
          placeholder={t('resources.locations.rental.useLessor')}
          disabled={disabled}
          {...form.getInputProps('rentalType')}
        />
        <MoneyInput
          label={t('resources.locations.fields.contractRentalAmountCents')}
          description={describedBy('contractRentalAmountCents')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t('resources.locations.rental.useLessor')}
          disabled={disabled}
          {...form.getInputProps('contractRentalAmountCents')}
        />
        <MoneyInput
          label={t('resources.locations.fields.incomeLimitCents')}
          description={describedBy('incomeLimitCents')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t('resources.locations.rental.useLessor')}
          disabled={disabled}
          {...form.getInputProps('incomeLimitCents')}
        />
        <PercentInput
          label={t('resources.locations.fields.rentalPercentage')}
          description={describedBy('rentalPercentage')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t('resources.locations.rental.useLessor')}
          disabled={disabled}
          {...form.getInputProps('rentalPercentage')}
        />
      </SimpleGrid>
    </>
  );
}
