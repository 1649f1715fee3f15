import {
  type FiscalSettings,
  type FiscalSettingsPatch,
  fiscalEnvironments,
  fiscalSettingsPatch,
  iri,
  parseIri,
  signatureAlgorithms,
} from '@kovanica/contract';
import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuditHistorySection } from '../../components/audit-history.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useAccess } from '../../lib/access.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { fiscalSettingsApi } from '../../lib/apis/fiscal-settings.ts';
import { useResourceForm } from '../../lib/forms.ts';
import { useUpdate } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { useFiscalEcho } from './api.ts';
import { CertificatesCard } from './certificates-card.tsx';
import { CisSimulatorCard } from './cis-simulator-card.tsx';

const k = (key: string) => `fiscal.${key}`;

interface Values {
  environment: FiscalSettings['environment'];
  signatureAlgorithm: FiscalSettings['signatureAlgorithm'];
  caBundle: string;
  cisCertificatePem: string;
}

const valuesOf = (settings: FiscalSettings): Values => ({
  environment: settings.environment,
  signatureAlgorithm: settings.signatureAlgorithm,
  caBundle: settings.caBundle ?? '',
  cisCertificatePem: settings.cisCertificatePem ?? '',
});
/** An empty PEM field means "none", which the API spells as null. */
const toPatch = (v: Values): FiscalSettingsPatch => ({
  environment: v.environment,
  signatureAlgorithm: v.signatureAlgorithm,
  caBundle: v.caBundle.trim() === '' ? null : v.caBundle.trim(),
  cisCertificatePem: v.cisCertificatePem.trim() === '' ? null : v.cisCertificatePem.trim(),
});

/** "Check connection": an echo to CIS in the environment as saved, answered inline. */
function CheckConnection({ companyId, unsaved }: { companyId: number; unsaved: boolean }) {
  const { t } = useTranslation();
  const echo = useFiscalEcho(companyId);
  const answer = echo.data;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={18} aria-hidden />}
          loading={echo.isPending}
          onClick={() => echo.mutate()}
        >
          {t(k('echo.button'))}
        </Button>
        {unsaved && (
          <Text size="sm" c="dimmed">
            {t(k('echo.unsaved'))}
          </Text>
        )}
      </Group>
      <div aria-live="polite">
        {echo.error && <FailureAlert error={echo.error} />}
        {answer &&
          !echo.isPending &&
          (answer.ok ? (
            <Alert
              color="teal"
              variant="light"
              title={t(k('echo.ok'), { ms: answer.durationMs })}
              // Teal text on its light ground is under 4.5:1: the title stays dark.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
            >
              {t(k('echo.where'), { environment: t(k(`environments.${answer.environment}`)), url: answer.url })}
            </Alert>
          ) : (
            <Alert color="red" variant="light" title={t(k('echo.failed'), { ms: answer.durationMs })}>
              <Text size="sm">{answer.error}</Text>
              <Text size="sm">{t(k('echo.where'), { environment: t(k(`environments.${answer.environment}`)), url: answer.url })}</Text>
            </Alert>
          ))}
      </div>
    </Stack>
  );
}

/** Where the company's bills go and how they are signed; managers and admins change it. */
function ConnectionCard({ settings }: { settings: FiscalSettings }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const readOnly = !can('fiscal-settings.update');
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: settings,
    valuesOf,
    update: { schema: fiscalSettingsPatch, toInput: toPatch, mutation: useUpdate(fiscalSettingsApi, settings.id) },
    messages: { saved: t(k('saved')) },
  });
  const environment = form.getValues().environment;
  return (
    <Portlet title={t(k('connection'))}>
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={unsaved} />
        <Stack maw={760}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack>
              <Radio.Group label={t(k('fields.environment'))} {...form.getInputProps('environment')}>
                <Stack gap="xs" mt={6}>
                  {fiscalEnvironments.map((value) => (
                    <Radio
                      key={value}
                      value={value}
                      label={t(k(`environments.${value}`))}
                      description={t(k(`environmentHints.${value}`))}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {environment === 'production' && (
                <Alert color="orange" variant="light">
                  {t(k('productionWarning'))}
                </Alert>
              )}
              <Select
                label={t(k('fields.signatureAlgorithm'))}
                description={t(k('hints.signatureAlgorithm'))}
                // RSA-SHA256 is a switch of the simulated CIS only: CIS's specification signs with RSA-SHA1.
                data={signatureAlgorithms.map((value) => ({
                  value,
                  label: t(k(`algorithms.${value}`)),
                  disabled: value === 'rsa-sha256' && environment !== 'simulated',
                }))}
                allowDeselect={false}
                maw={320}
                {...form.getInputProps('signatureAlgorithm')}
              />
              {form.getValues().signatureAlgorithm === 'rsa-sha256' && (
                <Alert color="orange" variant="light">
                  {t(k('sha256Warning'))}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {(['caBundle', 'cisCertificatePem'] as const).map((field) => (
                  <Textarea
                    key={field}
                    label={t(k(`fields.${field}`))}
                    description={t(k(`hints.${field}`))}
                    placeholder="-----BEGIN CERTIFICATE-----"
                    autosize
                    minRows={4}
                    maxRows={10}
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                    {...form.getInputProps(field)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </fieldset>
          {!readOnly && (
            <Group>
              <Button type="submit" loading={saving}>
                {t(k('save'))}
              </Button>
            </Group>
          )}
          {can('fiscal-settings.check') && <CheckConnection companyId={settings.id} unsaved={unsaved} />}
        </Stack>
      </form>
    </Portlet>
  );
}

/**
 * `/settings/fiscal`: a company's fiscalization (docs/rules.md "Bills and fiscalization", fiscalization.md): the CIS environment
 * and signature, the connection check, the certificates, and for admins the simulated CIS's switches.
 * In the All Companies view the company is chosen at the top (`?company=<id>`).
 */
export function FiscalSettingsPage({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const { can } = useAccess();
  const navigate = useNavigate();
  const { data: settings } = useSuspenseQuery(fiscalSettingsApi.detail(companyId));
  const choose = viewOf(accountInfo) === 'all';
  const vat = t(k(settings.inVatSystem ? 'inVat' : 'notInVat'));
  return (
    <>
      <PageHeader title={t(k('title'))} subtitle={`${settings.companyName} · ${t(k('oib'), { oib: settings.oib })} · ${vat}`} />
      <Stack>
        {choose && (
          <ReferenceSelect
            api={companiesApi}
            view="all"
            clearable={false}
            label={t(k('company'))}
            maw={420}
            value={iri('companies', companyId)}
            onChange={(value) => {
              const id = value ? parseIri('companies', value) : null;
              if (id !== null) void navigate({ to: '/settings/fiscal', search: { company: id } });
            }}
          />
        )}
        {settings.unfiscalizedBills > 0 && (
          <Alert color="orange" variant="light">
            {t(k('unfiscalized'), { count: settings.unfiscalizedBills })}
          </Alert>
        )}
        <ConnectionCard key={settings.id} settings={settings} />
        <CertificatesCard settings={settings} />
        {settings.environment === 'simulated' && can('cis-simulator.read') && <CisSimulatorCard />}
      </Stack>
      <AuditHistorySection resource="fiscal-settings" id={settings.id} />
    </>
  );
}
