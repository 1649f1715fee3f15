import { formatDateTime, parseIri } from '@kovanica/contract';
import { Anchor, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/resources.ts';
import { loggersApi } from './api.ts';
import { CredentialSection } from './credential-section.tsx';
import { LoggerForm } from './logger-form.tsx';

/** `/loggers/new`. */
export function LoggerNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.loggers.new')} />
      <LoggerForm />
    </>
  );
}

/** `/loggers/edit/{id}`; the route's loader has read the logger. */
export function LoggerEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const { data: logger } = useSuspenseQuery(loggersApi.detail(id));
  const deviceId = logger.device ? parseIri('devices', logger.device) : null;
  const deviceName = logger.deviceName ?? `#${deviceId ?? ''}`;
  return (
    <>
      <PageHeader
        title={t('resources.loggers.edit', { imei: logger.imei })}
        subtitle={
          <>
            {t('resources.loggers.fields.device')}:{' '}
            {deviceId === null ? (
              t('resources.loggers.notFitted')
            ) : can('devices.update') ? (
              <Anchor
                inherit
                underline="always"
                renderRoot={(props) => <Link to="/devices/edit/$id" params={{ id: String(deviceId) }} {...props} />}
              >
                {deviceName}
              </Anchor>
            ) : (
              deviceName
            )}
            {' · '}
            {t('resources.loggers.fields.lastSeenAt')}:{' '}
            {logger.lastSeenAt ? formatDateTime(logger.lastSeenAt) : t('resources.loggers.never')}
          </>
        }
        actions={
          can('loggers.delete') && (
            <ConfirmDelete
              api={loggersApi}
              id={logger.id}
              name={logger.imei}
              variant="button"
              successMessage={t('resources.loggers.deleted')}
              onDeleted={() => void navigate({ to: '/loggers/list', ignoreBlocker: true })}
            />
          )
        }
      />
      <Stack>
        <LoggerForm key={logger.id} logger={logger} />
        <CredentialSection logger={logger} />
      </Stack>
    </>
  );
}
