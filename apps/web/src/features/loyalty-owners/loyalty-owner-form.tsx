import { type LoyaltyOwner, loyaltyOwnerCreate, loyaltyOwnerPatch } from '@kovanica/contract';
import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { PartyFields } from '../../components/party-fields.tsx';
import { PercentInput } from '../../components/percent-input.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { AppKeySection } from './app-key-section.tsx';
import { OwnerKindBadge } from './owner-kind-badge.tsx';

interface Values {
  company: string | null;
  name: string;
  oib: string;
  isOperator: boolean;
  email: string;
  phone: string;
  address: string;
  commissionPercentage: number | null;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request body before validation; the contract schema then parses it into the typed body. */
const toPatchInput = (v: Values) => ({
  name: v.name,
  oib: v.oib.trim(),
  isOperator: v.isOperator,
  email: orNull(v.email),
  phone: orNull(v.phone),
  address: orNull(v.address),
  commissionPercentage: v.commissionPercentage ?? 0,
});
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });

const valuesOf = (owner?: LoyaltyOwner): Values => ({
  company: owner?.company ?? null,
  name: owner?.name ?? '',
  oib: owner?.oib ?? '',
  isOperator: owner?.isOperator ?? false,
  email: owner?.email ?? '',
  phone: owner?.phone ?? '',
  address: owner?.address ?? '',
  commissionPercentage: owner?.commissionPercentage ?? 0,
});

const f = (field: string) => `resources.loyalty-owners.fields.${field}`;

/**
 * The one form of a loyalty programme's owner, for new and edit: who it is, how to reach it and the
 * share of its cards' spends a partner keeps at the settlement. A new owner opens its edit page.
 */
export function LoyaltyOwnerForm({ owner }: { owner?: LoyaltyOwner }) {
  const { t } = useTranslation();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(loyaltyOwnersApi, {
    item: owner,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: loyaltyOwnerCreate, toInput: toCreateInput },
    update: { schema: loyaltyOwnerPatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;
  const { isOperator } = form.getValues();

  return (
    <FormCard api={loyaltyOwnersApi} form={resourceForm} maw={800}>
      {isNew && companyChoice.needed && <CompanyField label={t(f('company'))} {...form.getInputProps('company')} />}
      <PartyFields form={form} resource="loyalty-owners" />
      <Switch
        label={t(f('isOperator'))}
        description={t('resources.loyalty-owners.isOperatorHint')}
        {...form.getInputProps('isOperator', { type: 'checkbox' })}
      />
      <PercentInput
        label={t(f('commissionPercentage'))}
        description={t(isOperator ? 'resources.loyalty-owners.commissionOperatorHint' : 'resources.loyalty-owners.commissionHint')}
        maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
        {...form.getInputProps('commissionPercentage')}
      />
    </FormCard>
  );
}

/** `/loyalty/owners/new`. */
export const LoyaltyOwnerNewPage = () => (
  <NewPage api={loyaltyOwnersApi}>
    <LoyaltyOwnerForm />
  </NewPage>
);

/** `/loyalty/owners/edit/{id}`: the form, then the card holders' app key. */
export const LoyaltyOwnerEditPage = ({ id }: { id: number }) => (
  <EditPage api={loyaltyOwnersApi} id={id} subtitle={(owner) => <OwnerKindBadge owner={owner} />}>
    {(owner) => (
      <Stack>
        <LoyaltyOwnerForm key={owner.id} owner={owner} />
        <AppKeySection owner={owner} />
      </Stack>
    )}
  </EditPage>
);
