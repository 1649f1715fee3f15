import {
  type CardHolder,
  type CardStatus,
  cardStatuses,
  type LoyaltyCard,
  loyaltyCardCreate,
  loyaltyCardPatch,
  normalizeCardUid,
} from '@kovanica/contract';
import { Input, SegmentedControl, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { FormCard } from '../../components/resource-pages.tsx';
import { cardHoldersApi } from '../../lib/apis/card-holders.ts';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';

const k = (key: string) => `resources.loyalty-cards.${key}`;

interface Values {
  owner: string | null;
  uid: string;
  number: string;
  holder: string | null;
  status: CardStatus;
  statusReason: string;
}

const reasonOf = (v: Values) => (v.status === 'active' ? null : v.statusReason.trim());

/** The request body before validation; the balance is never part of it (decision 0023). */
const toPatchInput = (v: Values) => ({
  holder: v.holder,
  number: v.number.trim(),
  status: v.status,
  statusReason: reasonOf(v),
});
// Left out when not chosen, so the schema says "required" rather than "not a reference".
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), owner: v.owner ?? undefined, uid: v.uid });

const valuesOf = (card?: LoyaltyCard): Values => ({
  owner: card?.owner ?? null,
  uid: card?.uid ?? '',
  number: card?.number ?? '',
  holder: card?.holder ?? null,
  status: card?.status ?? 'active',
  statusReason: card?.statusReason ?? '',
});

/** A chip id reads better in fixed-width digits (only the input, not its label). */
const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export const holderLabel = (holder: CardHolder) => `${holder.name} ${holder.surname}`;

/**
 * The one form of a card, for new and edit: the owner and the chip's uid are chosen once (a new chip
 * is a new card), the holder among the owner's, the printed number, and the status with its reason
 * when the card is blocked or lost. The balance is not here: it changes only through the ledger.
 */
export function LoyaltyCardForm({ card }: { card?: LoyaltyCard }) {
  const { t } = useTranslation();
  const resourceForm = useItemForm(loyaltyCardsApi, {
    item: card,
    valuesOf,
    create: { schema: loyaltyCardCreate, toInput: toCreateInput },
    update: { schema: loyaltyCardPatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;
  const values = form.getValues();
  const statusId = useId();
  const label = (field: string) => t(k(`fields.${field}`));

  return (
    <FormCard api={loyaltyCardsApi} form={resourceForm} maw={640}>
      {isNew ? (
        <ReferenceSelect
          api={loyaltyOwnersApi}
          label={label('owner')}
          required
          withAsterisk
          {...form.getInputProps('owner')}
          value={values.owner}
          onChange={(owner) => {
            form.setFieldValue('owner', owner);
            // A holder belongs to one owner's programme.
            form.setFieldValue('holder', null);
          }}
        />
      ) : (
        <TextInput label={label('owner')} value={card?.ownerName ?? ''} readOnly variant="filled" />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {isNew ? (
          <TextInput
            label={label('uid')}
            description={t(k('uidHint'))}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            withAsterisk
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            styles={MONOSPACE}
            {...form.getInputProps('uid')}
            onBlur={() => form.setFieldValue('uid', normalizeCardUid(form.getValues().uid))}
          />
        ) : (
          <TextInput
            label={label('uid')}
            description={t(k('uidFixed'))}
            value={card?.uid ?? ''}
            readOnly
            variant="filled"
            styles={MONOSPACE}
          />
        )}
        <TextInput
          label={label('number')}
          required
          withAsterisk
          autoComplete="off"
          maxLength={40}
          {...form.getInputProps('number')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </SimpleGrid>
      <ReferenceSelect<CardHolder>
        api={cardHoldersApi}
        optionLabel={holderLabel}
        searchField="surname"
        baseQuery={values.owner ? { owner: values.owner } : undefined}
        label={label('holder')}
        description={values.owner ? undefined : t(k('holderNeedsOwner'))}
        disabled={!values.owner}
        clearable
        {...form.getInputProps('holder')}
        value={values.holder}
      />
      <div>
        <Input.Label labelElement="div" id={statusId} mb={4}>
          {label('status')}
        </Input.Label>
        <SegmentedControl
          aria-labelledby={statusId}
          fullWidth
          data={cardStatuses.map((value) => ({ value, label: t(k(`statuses.${value}`)) }))}
          {...form.getInputProps('status')}
          value={values.status}
        />
      </div>
      {values.status !== 'active' && (
        <Textarea
          label={label('statusReason')}
          required
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('statusReason')}
        />
      )}
    </FormCard>
  );
}
