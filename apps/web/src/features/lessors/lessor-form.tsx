import { type Lessor, lessorCreate, lessorPatch, type RentalType, rentalTypes } from '@kovanica/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { DayInput } from '../../components/day-input.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { PercentInput } from '../../components/percent-input.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { ContractBadge } from './contract-badge.tsx';
import { StatementButton, useMayMakeStatements } from './statement-modal.tsx';

interface Values {
  company: string | null;
  name: string;
  oib: string;
  /** `YYYY-MM-DD`, or empty for none. */
  contractStart: string;
  contractEnd: string;
  rentalType: RentalType | null;
  paymentInsuranceCents: number | null;
  rentalPercentage: number | null;
  incomeLimitCents: number | null;
  contractRentalAmountCents: number | null;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request body before validation; the contract schema then parses it into the typed body. */
const toPatchInput = (v: Values) => ({
  name: v.name,
  oib: v.oib.trim(),
  contractStart: orNull(v.contractStart),
  contractEnd: orNull(v.contractEnd),
  // Left out when not chosen, so the schema says "required" rather than "choose one of".
  rentalType: v.rentalType ?? undefined,
  paymentInsuranceCents: v.paymentInsuranceCents,
  rentalPercentage: v.rentalPercentage,
  incomeLimitCents: v.incomeLimitCents,
  contractRentalAmountCents: v.contractRentalAmountCents,
});
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });

const valuesOf = (lessor?: Lessor): Values => ({
  company: lessor?.company ?? null,
  name: lessor?.name ?? '',
  oib: lessor?.oib ?? '',
  contractStart: lessor?.contractStart ?? '',
  contractEnd: lessor?.contractEnd ?? '',
  rentalType: lessor?.rentalType ?? null,
  paymentInsuranceCents: lessor?.paymentInsuranceCents ?? null,
  rentalPercentage: lessor?.rentalPercentage ?? null,
  incomeLimitCents: lessor?.incomeLimitCents ?? null,
  contractRentalAmountCents: lessor?.contractRentalAmountCents ?? null,
});

/**
 * The one form of a lessor, for new and edit: identity, contract dates and the rental terms its
 * locations fall back to. A new lessor opens its edit page once saved.
 */
export function LessorForm({ lessor }: { lessor?: Lessor }) {
  const { t } = useTranslation();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(lessorsApi, {
    item: lessor,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: lessorCreate, toInput: toCreateInput },
    update: { schema: lessorPatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;
  const rentalTypeOptions = rentalTypes.map((type) => ({ value: type, label: t(`resources.lessors.rentalTypes.${type}`) }));

  return (
    <FormCard api={lessorsApi} form={resourceForm} maw={800}>
      {isNew && companyChoice.needed && <CompanyField label={t('resources.lessors.fields.company')} {...form.getInputProps('company')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('resources.lessors.fields.name')} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label={t('resources.lessors.fields.oib')}
          description={t('resources.lessors.oibHint')}
          required
          withAsterisk
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          {...form.getInputProps('oib')}
        />
        <DayInput label={t('resources.lessors.fields.contractStart')} {...form.getInputProps('contractStart')} />
        <DayInput label={t('resources.lessors.fields.contractEnd')} {...form.getInputProps('contractEnd')} />
      </SimpleGrid>
      <Select
        label={t('resources.lessors.fields.rentalType')}
        description={t('resources.lessors.rentalTypeHint')}
        required
        withAsterisk
        data={rentalTypeOptions}
        allowDeselect={false}
        maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
        {...form.getInputProps('rentalType')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput label={t('resources.lessors.fields.contractRentalAmountCents')} {...form.getInputProps('contractRentalAmountCents')} />
        <PercentInput label={t('resources.lessors.fields.rentalPercentage')} {...form.getInputProps('rentalPercentage')} />
        <MoneyInput
          label={t('resources.lessors.fields.incomeLimitCents')}
          description={t('resources.lessors.incomeLimitHint')}
          {...form.getInputProps('incomeLimitCents')}
        />
        <MoneyInput
          label={t('resources.lessors.fields.paymentInsuranceCents')}
          description={t('resources.lessors.paymentInsuranceHint')}
          {...form.getInputProps('paymentInsuranceCents')}
        />
      </SimpleGrid>
    </FormCard>
  );
}

export const LessorNewPage = () => (
  <NewPage api={lessorsApi}>
    <LessorForm />
  </NewPage>
);

export function LessorEditPage({ id }: { id: number }) {
  const mayMakeStatements = useMayMakeStatements();
  return (
    <EditPage
      api={lessorsApi}
      id={id}
      subtitle={(lessor) => <ContractBadge state={lessor.contractState} />}
      actions={mayMakeStatements ? (lessor) => <StatementButton lessor={lessor} /> : undefined}
    >
      {(lessor) => <LessorForm key={lessor.id} lessor={lessor} />}
    </EditPage>
  );
}
