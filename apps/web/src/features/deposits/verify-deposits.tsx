import { type Deposit, depositVerification, formatMoney, pickLanguage, validationMessage } from '@kovanica/contract';
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, schemaValidator } from '../../lib/forms.ts';
import { depositLabel, useVerifyDeposits } from './api.ts';

const k = (key: string) => `resources.deposits.${key}`;

/** What is being verified: one deposit from its row, or the rows selected on the page. */
export interface Verification {
  deposits: Deposit[];
  /** A row's own action asks about "this deposit"; the bulk button names the count. */
  single: boolean;
}

interface Values {
  /** The verification notes of the deposits outside the tolerance, by deposit IRI. */
  notes: Record<string, string>;
}

/** The form path of a deposit's note; IRIs have no dots, so `notes./api/v2/deposits/3` is one key. */
const notePath = (iri: string) => `notes.${iri}`;

/**
 * The verification question in a modal. A deposit whose difference is past the company's tolerance
 * needs a verification note: it gets an empty text area of its own, sent in `notes`, described by
 * the difference and the worker's note (shown, not copied: the worker's note stays as reported and
 * does not stand in for the verifier's). The server verifies all or none; a refusal says here which
 * deposit and why.
 */
export function VerifyDepositsModal({ verification, onClose }: { verification: Verification | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={verification !== null}
      onClose={onClose}
      title={t(k('verify.title'))}
      closeButtonProps={{ 'aria-label': t(k('close')) }}
      size="lg"
      centered
    >
      {verification && <VerifyForm verification={verification} onDone={onClose} />}
    </Modal>
  );
}

function VerifyForm({ verification, onDone }: { verification: Verification; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = () => pickLanguage(i18n.language);
  const { deposits, single } = verification;
  const needingNote = deposits.filter((d) => d.outsideTolerance);
  const verify = useVerifyDeposits();
  const [refusals, setRefusals] = useState<string[]>([]);

  const toInput = (values: Values) => ({
    deposits: deposits.map((d) => d['@id']),
    // Every note asked for goes, even empty: the schema then says it is missing.
    ...(needingNote.length > 0 ? { notes: Object.fromEntries(needingNote.map((d) => [d['@id'], values.notes[d['@id']] ?? ''])) } : {}),
  });
  const validateBody = schemaValidator<Values>(depositVerification, lang, toInput);
  const form = useForm<Values>({
    initialValues: { notes: Object.fromEntries(needingNote.map((d) => [d['@id'], ''])) },
    validate: (values): FieldErrors => {
      const errors = validateBody(values);
      // An empty note reads as the server would say it, not as a bare "required".
      for (const d of needingNote) {
        if (!(values.notes[d['@id']] ?? '').trim()) errors[notePath(d['@id'])] = validationMessage(lang(), 'note_required');
      }
      return errors;
    },
  });

  const violationsOf = (error: unknown) => (error instanceof ApiError && error.status === 422 ? (error.problem?.violations ?? []) : []);
  const indexOf = (path: string) => Number(/^deposits\.(\d+)$/.exec(path)?.[1] ?? -1);
  /** Each refusal names its deposit: "Autić 2, 21.11.2026 22:58: Enter the counted amounts before verifying." */
  const refusalsOf = (error: unknown): string[] => {
    const violations = violationsOf(error);
    if (violations.length === 0) return [failureText(error, t('errors.genericText'))];
    return violations.map((v) => {
      const d = deposits[indexOf(v.propertyPath)];
      return d ? `${depositLabel(d)}: ${v.message}` : v.message;
    });
  };

  const submit = form.onSubmit(async (values) => {
    setRefusals([]);
    try {
      await verify.mutateAsync(depositVerification.parse(toInput(values)));
      form.resetDirty();
      notifications.show({ color: 'teal', message: t(k('verify.done')) });
      onDone();
    } catch (error) {
      setRefusals(refusalsOf(error));
      // A refused note is also said at its text area.
      const fieldErrors: FieldErrors = {};
      for (const v of violationsOf(error)) {
        const d = deposits[indexOf(v.propertyPath)];
        if (d && v.code === 'note_required' && needingNote.includes(d)) fieldErrors[notePath(d['@id'])] = v.message;
      }
      form.setErrors(fieldErrors);
    }
  });

  const question = single ? t(k('verify.confirmOne')) : t(k('verify.confirmMany'), { count: deposits.length });

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={form.isDirty() && !verify.isPending} />
      <Stack>
        <Text fw={600}>{question}</Text>
        {!single && (
          <List size="sm" spacing={2}>
            {deposits.map((d) => (
              <List.Item key={d['@id']}>{depositLabel(d)}</List.Item>
            ))}
          </List>
        )}
        {needingNote.map((d) => (
          <Textarea
            key={d['@id']}
            label={t(k('verify.noteLabel'), { name: depositLabel(d) })}
            description={
              <>
                {t(k('verify.noteHint'), { coins: formatMoney(d.differenceCoinsCents ?? 0), tokens: d.differenceTokens ?? 0 })}
                <br />
                {d.note ? t(k('verify.workerNote'), { note: d.note }) : t(k('verify.noWorkerNote'))}
              </>
            }
            required
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps(notePath(d['@id']))}
          />
        ))}
        {refusals.length > 0 && (
          <FailureAlert title={t(k('verify.refused'))}>
            <Stack gap={4}>
              {refusals.map((text) => (
                <Text key={text} size="sm">
                  {text}
                </Text>
              ))}
            </Stack>
          </FailureAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} data-autofocus={needingNote.length === 0 || undefined}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={verify.isPending}>
            {t(k('verify.submit'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
