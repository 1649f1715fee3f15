import { type Bill, type BillStorno, billItem, formatMoney } from '@kovanica/contract';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconReceiptOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../components/failure-alert.tsx';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { billsApi } from '../../lib/apis/bills.ts';
import { serverFieldErrors } from '../../lib/forms.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';

const k = (key: string) => `billPage.storno.${key}`;

/** `POST /bills/{id}/storno`: the storno bill (the negative amount, its own number), then what it makes stale. */
function useStorno(bill: Bill) {
  const invalidate = useInvalidate(billsApi);
  return useMutation({
    mutationFn: (body: BillStorno) => apiRequest(`/bills/${bill.id}/storno`, { method: 'POST', body, schema: billItem }),
    onSuccess: () => invalidate(),
  });
}

/**
 * "Storno" for who may issue bills: asks first (with an optional note), issues the storno bill and
 * opens it. Not offered for a storno bill or a bill already cancelled (the server refuses both too).
 */
export function StornoButton({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const [note, setNote] = useState('');
  const storno = useStorno(bill);
  if (!can('bills.create') || bill.kind === 'storno' || bill.cancelledBy !== null) return null;

  const dismiss = () => {
    close();
    storno.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const created = await storno.mutateAsync({ note: note.trim() === '' ? null : note.trim() });
      close();
      notifications.show({ color: 'teal', message: t(k('done'), { number: created.number }) });
      void navigate({ to: '/bills/$id', params: { id: String(created.id) } });
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };
  const noteError = storno.error ? serverFieldErrors(storno.error).note : undefined;
  const failure = storno.error && !noteError ? failureText(storno.error, t(k('failed'))) : null;
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconReceiptOff size={18} aria-hidden />} onClick={open}>
        {t(k('button'))}
      </Button>
      <Modal opened={opened} onClose={dismiss} title={t(k('title'))} centered closeButtonProps={{ 'aria-label': t('app.close') }}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Text fw={600}>
              {bill.number} · {formatMoney(bill.totalCents)}
            </Text>
            <Text>{t(k('text'), { amount: formatMoney(-bill.totalCents) })}</Text>
            <Textarea
              label={t(k('note'))}
              description={t(k('noteHint'))}
              autosize
              minRows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={noteError}
            />
            <ModalFormFooter failure={failure} saving={storno.isPending} submitLabel={t(k('confirm'))} onCancel={dismiss} />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
