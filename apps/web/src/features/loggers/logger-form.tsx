import { type Logger, type LoggerCreate, type LoggerPatch, loggerCreate, loggerPatch } from '@kovanica/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { FormCard } from '../../components/resource-pages.tsx';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { useItemForm, useOpenEditPage } from '../../lib/resource-hooks.ts';
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
  const companyChoice = useCompanyChoice();
  const [issued, setIssued] = useState<(IssuedCredential & { id: number }) | null>(null);
  const openEditPage = useOpenEditPage(loggersApi);
  const resourceForm = useItemForm(loggersApi, {
    item: logger,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: loggerCreate, toInput: toCreate },
    update: { schema: loggerPatch, toInput: toPatch },
    // The credential comes only in this answer: the page moves on once the user has stored it.
    onCreated: (saved) =>
      saved.credential ? setIssued({ id: saved.id, imei: saved.imei, credential: saved.credential }) : openEditPage(saved.id),
  });
  const { form } = resourceForm;

  return (
    <>
      <FormCard api={loggersApi} form={{ ...resourceForm, unsaved: resourceForm.unsaved && issued === null }} maw={800}>
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
      </FormCard>
      <CredentialModal
        issued={issued}
        onDone={() => {
          const id = issued?.id;
          setIssued(null);
          if (id !== undefined) openEditPage(id);
        }}
      />
    </>
  );
}
