import { type Logger, type LoggerCreate, type LoggerPatch, loggerCreate, loggerPatch } from '@kovanica/contract';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useResourceForm } from '../../lib/forms.ts';
import { useCreateLogger, useUpdateLogger } from './api.ts';
import { CredentialModal, type IssuedCredential } from './credential-modal.tsx';

interface Values {
  company: string | null;
  imei: string;
  serial: string;
  firmware: string;
  simNumber: string;
}

/** Optional texts: an empty field is "none", which the API spells as null. */
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

const fieldsOf = (v: Values) => ({
  imei: v.imei.trim(),
  serial: orNull(v.serial),
  firmware: orNull(v.firmware),
  simNumber: orNull(v.simNumber),
});
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreate = (v: Values): LoggerCreate => ({ ...fieldsOf(v), ...(v.company ? { company: v.company } : {}) });
/** A logger may move to another company (stock changes hands); the company is sent only when changed. */
const toPatch = (v: Values, initial: Values): LoggerPatch => ({
  ...fieldsOf(v),
  ...(v.company && v.company !== initial.company ? { company: v.company } : {}),
});

const valuesOf = (logger?: Logger): Values => ({
  company: logger?.company ?? null,
  imei: logger?.imei ?? '',
  serial: logger?.serial ?? '',
  firmware: logger?.firmware ?? '',
  simNumber: logger?.simNumber ?? '',
});

/**
 * The one form of a logger, for new and edit. A new logger's answer carries its ingestion
 * credential, shown once in a modal before the page moves on to the logger's edit page.
 */
export function LoggerForm({ logger }: { logger?: Logger }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companyChoice = useCompanyChoice();
  const [issued, setIssued] = useState<(IssuedCredential & { id: number }) | null>(null);
  const openEditPage = (id: number) => void navigate({ to: '/loggers/edit/$id', params: { id: String(id) }, ignoreBlocker: true });
  const { form, submit, failure, saving, unsaved, isNew } = useResourceForm({
    item: logger,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: loggerCreate, toInput: toCreate, mutation: useCreateLogger() },
    update: { schema: loggerPatch, toInput: toPatch, mutation: useUpdateLogger(logger?.id ?? 0) },
    messages: { created: t('resources.loggers.created'), saved: t('resources.loggers.saved') },
    // The credential comes only in this answer: the page moves on once the user has stored it.
    onCreated: (saved) =>
      saved.credential ? setIssued({ id: saved.id, imei: saved.imei, credential: saved.credential }) : openEditPage(saved.id),
  });

  return (
    <Portlet title={t('resources.loggers.formTitle')}>
      <UnsavedChangesGuard dirty={unsaved && issued === null} />
      <form onSubmit={submit} noValidate>
        <Stack maw={800}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
          {companyChoice.needed && <CompanyField label={t('resources.loggers.fields.company')} {...form.getInputProps('company')} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('resources.loggers.fields.imei')}
              description={t('resources.loggers.imeiHint')}
              required
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={15}
              {...form.getInputProps('imei')}
            />
            <TextInput label={t('resources.loggers.fields.serial')} autoComplete="off" {...form.getInputProps('serial')} />
            <TextInput label={t('resources.loggers.fields.firmware')} autoComplete="off" {...form.getInputProps('firmware')} />
            <TextInput
              label={t('resources.loggers.fields.simNumber')}
              description={t('resources.loggers.simHint')}
              type="tel"
              autoComplete="off"
              {...form.getInputProps('simNumber')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={saving}>
              {isNew ? t('resources.loggers.create') : t('resources.loggers.save')}
            </Button>
            <Button variant="default" component={Link} to="/loggers/list">
              {t('resources.loggers.backToList')}
            </Button>
          </Group>
        </Stack>
      </form>
      <CredentialModal
        issued={issued}
        onDone={() => {
          const id = issued?.id;
          setIssued(null);
          if (id !== undefined) openEditPage(id);
        }}
      />
    </Portlet>
  );
}
