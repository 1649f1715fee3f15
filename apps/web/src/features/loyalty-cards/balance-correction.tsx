import { type CardTransaction, type CardTransactionCreate, cardTransactionCreate, formatMoney, type LoyaltyCard } from '@kovanica/contract';
import { Button, Input, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAdjustments } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { cardTransactionsApi } from '../../lib/apis/card-transactions.ts';
import { type FieldErrors, type SaveWith, useResourceForm } from '../../lib/forms.ts';
import { useCreate } from '../../lib/resource-hooks.ts';

const k = (key: string) => `resources.loyalty-cards.correction.${key}`;

type Sign = 'add' | 'take';

interface Values {
  paidSign: Sign;
  paid: number | null;
  bonusSign: Sign;
  bonus: number | null;
  note: string;
}

const emptyValues = (): Values => ({ paidSign: 'add', paid: null, bonusSign: 'add', bonus: null, note: '' });
/** Cents with the chosen sign; an empty amount changes nothing (0, never -0). */
const signedCents = (sign: Sign, cents: number | null) => (cents ? (sign === 'take' ? -cents : cents) : 0);

/** The API's fields as the form's: the signed amounts are typed as a sign and an amount. */
const formErrors = (errors: FieldErrors): FieldErrors => {
  const mapped: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    mapped[path === 'paidCents' ? 'paid' : path === 'bonusCents' ? 'bonus' : path] = message;
  }
  return mapped;
};

/** "Correct balance" on a card's page, for who may record corrections: opens the modal. */
export function BalanceCorrectionButton({ card }: { card: LoyaltyCard }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t(k('action'))}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t(k('title'), { number: card.number })}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <BalanceCorrectionForm card={card} onDone={() => setOpened(false)} />
      </Modal>
    </>
  );
}

/**
 * A staff correction (`adjustment`): paid credit and bonus added or taken, and why. The server refuses
 * a bonus below zero (shown on its field); the paid credit may go below zero, a debt of the holder.
 */
function BalanceCorrectionForm({ card, onDone }: { card: LoyaltyCard; onDone: () => void }) {
  const { t } = useTranslation();
  const created = useCreate(cardTransactionsApi);
  const save: SaveWith<Values, CardTransaction, CardTransactionCreate> = {
    schema: cardTransactionCreate,
    toInput: (v) => ({
      card: card['@id'],
      paidCents: signedCents(v.paidSign, v.paid),
      bonusCents: signedCents(v.bonusSign, v.bonus),
      note: v.note.trim(),
    }),
    mutation: created,
  };
  const { form, submit, failure, saving, unsaved } = useResourceForm<Values, CardTransaction, CardTransactionCreate, CardTransactionCreate>(
    {
      item: undefined,
      valuesOf: emptyValues,
      create: save,
      // A ledger row is never changed: the form is always new.
      update: save,
      formErrors,
      messages: { created: t(k('created')), saved: t(k('created')) },
      onCreated: () => onDone(),
    },
  );
  const values = form.getValues();
  const after = {
    paid: card.paidCents + signedCents(values.paidSign, values.paid),
    bonus: card.bonusCents + signedCents(values.bonusSign, values.bonus),
  };

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={unsaved} />
      <Stack>
        <Text size="sm">{t(k('now'), { paid: formatMoney(card.paidCents), bonus: formatMoney(card.bonusCents) })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SignedAmount
            label={t(k('paid'))}
            sign={values.paidSign}
            onSign={(sign) => form.setFieldValue('paidSign', sign)}
            inputProps={form.getInputProps('paid')}
            value={values.paid}
          />
          <SignedAmount
            label={t(k('bonus'))}
            sign={values.bonusSign}
            onSign={(sign) => form.setFieldValue('bonusSign', sign)}
            inputProps={form.getInputProps('bonus')}
            value={values.bonus}
          />
        </SimpleGrid>
        <Text size="sm" c={after.paid < 0 || after.bonus < 0 ? 'red.9' : 'dimmed'} aria-live="polite">
          {t(k('after'), { paid: formatMoney(after.paid), bonus: formatMoney(after.bonus) })}
        </Text>
        <Textarea
          label={t(k('note'))}
          description={t(k('noteHint'))}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('note')}
        />
        <ModalFormFooter failure={failure} saving={saving} submitLabel={t(k('submit'))} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** An amount with its direction: "Add" or "Take", then the euros. */
function SignedAmount({
  label,
  sign,
  onSign,
  inputProps,
  value,
}: {
  label: string;
  sign: Sign;
  onSign: (sign: Sign) => void;
  inputProps: GetInputPropsReturnType;
  value: number | null;
}) {
  const { t } = useTranslation();
  const signId = useId();
  return (
    <Stack gap={6}>
      <Input.Label labelElement="div" id={signId}>
        {t(k('direction'), { label })}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={signId}
        fullWidth
        data={[
          { value: 'add', label: t(k('add')) },
          { value: 'take', label: t(k('take')) },
        ]}
        value={sign}
        onChange={(next) => onSign(next as Sign)}
      />
      <MoneyInput label={label} {...inputProps} value={value} />
    </Stack>
  );
}
