import { type FiscalCertificate, type FiscalSettings, formatDate, formatDateTime, MAX_P12_BYTES } from '@kovanica/contract';
import { Alert, Badge, Button, FileInput, Group, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCertificate, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { fiscalCertificatesApi } from '../../lib/apis/fiscal-certificates.ts';
import { fileToBase64 } from '../../lib/files.ts';
import { serverFieldErrors } from '../../lib/forms.ts';
import { useCreate } from '../../lib/resource-hooks.ts';

const k = (key: string) => `fiscal.certificates.${key}`;

/** Valid, ending within 30 days (orange), or ended (red). */
function CertificateState({ certificate }: { certificate: FiscalCertificate }) {
  const { t } = useTranslation();
  if (certificate.expired)
    return (
      <Badge color="red.9" variant="filled" tt="none" miw="max-content">
        {t(k('expired'))}
      </Badge>
    );
  if (certificate.expiresSoon) {
    const days = Math.max(0, Math.ceil((Date.parse(certificate.validTo) - Date.now()) / 86_400_000));
    return (
      <Badge color="orange.4" variant="filled" autoContrast tt="none" miw="max-content">
        {t(k('expiresSoon'), { count: days })}
      </Badge>
    );
  }
  return (
    <Badge color="teal.9" variant="filled" tt="none" miw="max-content">
      {t(k('valid'))}
    </Badge>
  );
}

const validity = (c: FiscalCertificate) => `${formatDate(c.validFrom)} – ${formatDate(c.validTo)}`;

/** The active certificate, in full. */
function ActiveCertificate({ certificate }: { certificate: FiscalCertificate }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t(k('fields.subject')), certificate.subject],
    [t(k('fields.oib')), certificate.oib],
    [t(k('fields.issuer')), certificate.issuer],
    [t(k('fields.serial')), certificate.serial],
    [t(k('fields.validity')), validity(certificate)],
    [t(k('fields.uploaded')), [formatDateTime(certificate.uploadedAt), certificate.uploadedByName].filter(Boolean).join(' · ')],
  ];
  return (
    <Stack gap="xs">
      {certificate.expired ? (
        <Alert color="red" variant="light" title={t(k('expiredTitle'))}>
          {t(k('expiredText'))}
        </Alert>
      ) : (
        certificate.expiresSoon && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t(k('expiresSoonTitle'))}
            // Orange text on its light ground is under 4.5:1: the title stays dark.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {t(k('expiresSoonText'), { date: formatDate(certificate.validTo) })}
          </Alert>
        )
      )}
      <Group gap="xs">
        <Text fw={600}>{t(k('active'))}</Text>
        <CertificateState certificate={certificate} />
      </Group>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 110, sm: 180 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Older certificates, kept so old bills' ZKIs can be recomputed. */
function History({ certificates }: { certificates: FiscalCertificate[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (certificates.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t(k('history'))}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(k('fields.subject'))}</Table.Th>
              <Table.Th>{t(k('fields.oib'))}</Table.Th>
              <Table.Th>{t(k('fields.validity'))}</Table.Th>
              <Table.Th>{t(k('fields.uploaded'))}</Table.Th>
              <Table.Th>{t(k('fields.state'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {certificates.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.subject}</Table.Td>
                <Table.Td>{c.oib}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{validity(c)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.uploadedAt)}</Table.Td>
                <Table.Td>
                  <CertificateState certificate={c} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** A new .p12 and its password; the certificate must name the company's OIB and be valid now. */
function UploadCertificate({ company }: { company: string }) {
  const { t } = useTranslation();
  const upload = useCreate(fiscalCertificatesApi);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ file?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) return setErrors({ file: t(k('chooseFile')) });
    if (file.size > MAX_P12_BYTES) return setErrors({ file: t(k('tooBig'), { kb: Math.round(MAX_P12_BYTES / 1024) }) });
    setErrors({});
    setReading(true);
    try {
      const p12 = await fileToBase64(file);
      await upload.mutateAsync({ company, p12, password });
      setFile(null);
      setPassword('');
      notifications.show({ color: 'teal', message: t(k('uploaded')) });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.p12 || fields.password) setErrors({ file: fields.p12, password: fields.password });
      else setFailure(failureText(error, t(k('uploadFailed'))));
    } finally {
      setReading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack maw={560} gap="sm">
        <Title order={3} size="h5">
          {t(k('upload'))}
        </Title>
        {failure && <FailureAlert>{failure}</FailureAlert>}
        <FileInput
          label={t(k('file'))}
          description={t(k('fileHint'))}
          accept=".p12,.pfx,application/x-pkcs12"
          leftSection={<IconCertificate size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t(k('clearFile')) }}
          value={file}
          onChange={(next) => {
            setFile(next);
            setErrors((e) => ({ ...e, file: undefined }));
          }}
          error={errors.file}
          required
          withAsterisk
        />
        <PasswordInput
          label={t(k('password'))}
          autoComplete="off"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
        />
        <Group>
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={reading || upload.isPending}>
            {t(k('uploadButton'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The company's fiscal certificates: the active one (with its warnings), the upload, the history. */
export function CertificatesCard({ settings }: { settings: FiscalSettings }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const list = useQuery(fiscalCertificatesApi.list({ company: settings.company, itemsPerPage: 50, 'order[uploadedAt]': 'desc' }));
  const active = settings.certificate;
  const older = (list.data?.member ?? []).filter((c) => c.id !== active?.id);
  return (
    <Portlet title={t(k('title'))}>
      <Stack>
        {active ? (
          <ActiveCertificate certificate={active} />
        ) : (
          <Alert color="red" variant="light" title={t(k('noneTitle'))}>
            {t(k('noneText'))}
          </Alert>
        )}
        {can('fiscal-certificates.create') && <UploadCertificate company={settings.company} />}
        {list.error && <FailureAlert error={list.error} onRetry={() => void list.refetch()} />}
        <History certificates={older} />
      </Stack>
    </Portlet>
  );
}
