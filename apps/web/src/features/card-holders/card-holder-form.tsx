import { businessDate, type CardHolder, cardHolderCreate, cardHolderPatch } from '@kovanica/contract';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/day-input.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { cardHoldersApi } from '../../lib/apis/card-holders.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { businessDayStart } from '../../lib/list-state.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { HolderCards } from './holder-cards.tsx';

interface Values {
  owner: string | null;
  name: string;
  surname: string;
  email: string;
  phone: string;
  /** The day consent was given, `YYYY-MM-DD`, or empty for none. */
  consentDay: string;
  consentVersion: string;
  note: string;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The consent's day travels as the instant it starts in Zagreb; an untouched day keeps the stored instant. */
const consentAtOf = (v: Values, initial: Values, stored: string | null | undefined) =>
  v.consentDay === '' ? null : v.consentDay === initial.consentDay && stored ? stored : businessDayStart(v.consentDay);

const inputOf = (v: Values, initial: Values, stored?: string | null) => ({
  // Left out when not chosen, so the schema says "required".
  owner: v.owner ?? undefined,
  name: v.name,
  surname: v.surname,
  email: orNull(v.email),
  phone: orNull(v.phone),
  consentAt: consentAtOf(v, initial, stored),
  consentVersion: orNull(v.consentVersion),
  note: orNull(v.note),
});

const valuesOf = (holder?: CardHolder): Values => ({
  owner: holder?.owner ?? null,
  name: holder?.name ?? '',
  surname: holder?.surname ?? '',
  email: holder?.email ?? '',
  phone: holder?.phone ?? '',
  consentDay: holder?.consentAt ? businessDate(holder.consentAt) : '',
  consentVersion: holder?.consentVersion ?? '',
  note: holder?.note ?? '',
});

const f = (field: string) => `resources.card-holders.fields.${field}`;

/**
 * The one form of a card holder, for new and edit: the programme they are in, how to reach them and
 * the consent they gave to keep these data (its day and the version of the text).
 */
export function CardHolderForm({ holder }: { holder?: CardHolder }) {
  const { t } = useTranslation();
  const resourceForm = useItemForm(cardHoldersApi, {
    item: holder,
    valuesOf,
    create: { schema: cardHolderCreate, toInput: (v, initial) => inputOf(v, initial) },
    update: { schema: cardHolderPatch, toInput: (v, initial) => inputOf(v, initial, holder?.consentAt) },
    // The consent's instant is typed as its day.
    formErrors: ({ consentAt, ...rest }) => (consentAt ? { ...rest, consentDay: consentAt } : rest),
  });
  const { form } = resourceForm;
  const values = form.getValues();

  return (
    <FormCard api={cardHoldersApi} form={resourceForm} maw={800}>
      <ReferenceSelect
        api={loyaltyOwnersApi}
        label={t(f('owner'))}
        required
        withAsterisk
        {...form.getInputProps('owner')}
        value={values.owner}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t(f('name'))} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={t(f('surname'))} required withAsterisk autoComplete="off" {...form.getInputProps('surname')} />
        <TextInput label={t(f('email'))} type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label={t(f('phone'))} type="tel" autoComplete="off" {...form.getInputProps('phone')} />
        <DayInput label={t(f('consentAt'))} description={t('resources.card-holders.consentHint')} {...form.getInputProps('consentDay')} />
        <TextInput
          label={t(f('consentVersion'))}
          description={t('resources.card-holders.consentVersionHint')}
          maxLength={40}
          autoComplete="off"
          {...form.getInputProps('consentVersion')}
        />
      </SimpleGrid>
      <Textarea label={t(f('note'))} autosize minRows={2} maxRows={6} {...form.getInputProps('note')} />
    </FormCard>
  );
}

/** `/loyalty/users/new`. */
export const CardHolderNewPage = () => (
  <NewPage api={cardHoldersApi}>
    <CardHolderForm />
  </NewPage>
);

/** `/loyalty/users/edit/{id}`: the holder's data, then their cards and the transactions of those cards. */
export const CardHolderEditPage = ({ id }: { id: number }) => (
  <EditPage api={cardHoldersApi} id={id} subtitle={(holder) => <HolderSubtitle holder={holder} />}>
    {(holder) => (
      <Stack gap="xl">
        <CardHolderForm key={holder.id} holder={holder} />
        <HolderCards holder={holder} />
      </Stack>
    )}
  </EditPage>
);

function HolderSubtitle({ holder }: { holder: CardHolder }) {
  const { t } = useTranslation();
  return (
    <>
      {t(f('owner'))}: {holder.ownerName} · {t(f('cardsCount'))}: {holder.cardsCount}
    </>
  );
}
