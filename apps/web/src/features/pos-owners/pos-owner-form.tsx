import { type PosOwner, posOwnerCreate, posOwnerPatch } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { PartyFields } from '../../components/party-fields.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { posOwnersApi } from '../../lib/apis/pos-owners.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';

interface Values {
  company: string | null;
  name: string;
  oib: string;
  email: string;
  phone: string;
  address: string;
}

/** Optional texts: an empty field is "none", which the API spells as null. */
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

const toPatchInput = (v: Values) => ({
  name: v.name,
  oib: v.oib.trim(),
  email: orNull(v.email),
  phone: orNull(v.phone),
  address: orNull(v.address),
});
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });

const valuesOf = (owner?: PosOwner): Values => ({
  company: owner?.company ?? null,
  name: owner?.name ?? '',
  oib: owner?.oib ?? '',
  email: owner?.email ?? '',
  phone: owner?.phone ?? '',
  address: owner?.address ?? '',
});

const f = (field: string) => `resources.pos-owners.fields.${field}`;

/** The one form of a POS owner, for new and edit: who sells the programme's credit, and how to reach them. */
export function PosOwnerForm({ owner }: { owner?: PosOwner }) {
  const { t } = useTranslation();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(posOwnersApi, {
    item: owner,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: posOwnerCreate, toInput: toCreateInput },
    update: { schema: posOwnerPatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;

  return (
    <FormCard api={posOwnersApi} form={resourceForm} maw={800}>
      {isNew && companyChoice.needed && <CompanyField label={t(f('company'))} {...form.getInputProps('company')} />}
      <PartyFields form={form} resource="pos-owners" />
    </FormCard>
  );
}

export const PosOwnerNewPage = () => (
  <NewPage api={posOwnersApi}>
    <PosOwnerForm />
  </NewPage>
);

export const PosOwnerEditPage = ({ id }: { id: number }) => (
  <EditPage api={posOwnersApi} id={id}>
    {(owner) => <PosOwnerForm key={owner.id} owner={owner} />}
  </EditPage>
);
