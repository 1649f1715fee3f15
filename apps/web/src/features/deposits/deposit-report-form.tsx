import { type Deposit, depositPatch, formatDateTime } from '@kovanica/contract';
import { Modal, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useResourceForm } from '../../lib/forms.ts';
import { useOnline } from '../../lib/online.ts';
import { useReportDeposit } from './api.ts';

const k = (key: string) => `resources.deposits.${key}`;

interface Values {
  /** Integer cents, or null while empty. */
  depositCoinsCents: number | null;
  /** A whole number, or '' while empty (as NumberInput gives it). */
  depositTokens: number | '';
  note: string;
}

const valuesOf = (d: Deposit): Values => ({
  depositCoinsCents: d.depositCoinsCents,
  depositTokens: d.depositTokens ?? '',
  note: d.note ?? '',
});

/** Left out while empty, so the schema says "required"; an emptied note clears the one saved before. */
const toInput = (v: Values) => ({
  depositCoinsCents: v.depositCoinsCents ?? undefined,
  depositTokens: v.depositTokens === '' ? undefined : v.depositTokens,
  note: v.note.trim() === '' ? null : v.note.trim(),
});

interface ReportModalProps {
  /** The deposit to report; null keeps the modal closed. */
  deposit: Deposit | null;
  onClose: () => void;
}

/**
 * A worker's count of one emptying, in a modal: coins (money) and tokens counted and handed in, and a
 * note (the worker's: a verifier's goes beside it, never over it). The form is new each time the modal
 * opens.
 */
export function DepositReportModal({ deposit, onClose }: ReportModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={deposit !== null}
      onClose={onClose}
      title={t(k('report.title'))}
      closeButtonProps={{ 'aria-label': t(k('close')) }}
      centered
    >
      {deposit && <DepositReportForm deposit={deposit} onDone={onClose} />}
    </Modal>
  );
}

/** The count's form itself: in the list's modal, and on its own page (`/deposits/count/$id`, a visit's stop). */
export function DepositReportForm({ deposit, onDone }: { deposit: Deposit; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const mutation = useReportDeposit(deposit);
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: deposit,
    valuesOf,
    update: { schema: depositPatch, toInput, mutation },
    // Offline the count waits on the phone and is sent with the connection (decision 0055).
    messages: { saved: t(k(online ? 'report.done' : 'report.queued')) },
  });
  // Saved and notified: the modal has done its work.
  useEffect(() => {
    if (mutation.isSuccess) onDone();
  }, [mutation.isSuccess, onDone]);

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={unsaved} />
      <Stack>
        <Text size="sm">
          {t(k('report.of'), { device: deposit.deviceName, location: deposit.locationName ?? '–', at: formatDateTime(deposit.at) })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MoneyInput label={t(k('report.coins'))} required withAsterisk data-autofocus {...form.getInputProps('depositCoinsCents')} />
          <NumberInput
            label={t(k('report.tokens'))}
            required
            withAsterisk
            min={0}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            {...form.getInputProps('depositTokens')}
          />
        </SimpleGrid>
        <Textarea label={t(k('report.note'))} autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
        <ModalFormFooter failure={failure} saving={saving} submitLabel={t(k('report.submit'))} onCancel={onDone} />
      </Stack>
    </form>
  );
}
