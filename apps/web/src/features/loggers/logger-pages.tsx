import { formatDateTime, type Logger, parseIri, wordsKey } from '@kovanica/contract';
import { Anchor, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EditPage, NewPage } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { CredentialSection } from './credential-section.tsx';
import { LoggerForm } from './logger-form.tsx';

/** `/loggers/new`. */
export const LoggerNewPage = () => (
  <NewPage api={loggersApi}>
    <LoggerForm />
  </NewPage>
);

/** `/loggers/edit/{id}`: the device it is fitted to, when it last reported and how (HTTP or MQTT), the form and the credential. */
export const LoggerEditPage = ({ id }: { id: number }) => (
  <EditPage api={loggersApi} id={id} subtitle={(logger) => <FittedTo logger={logger} />}>
    {(logger) => (
      <Stack>
        <LoggerForm key={logger.id} logger={logger} />
        <CredentialSection logger={logger} />
      </Stack>
    )}
  </EditPage>
);

function FittedTo({ logger }: { logger: Logger }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const deviceId = logger.device ? parseIri('devices', logger.device) : null;
  const deviceName = logger.deviceName ?? `#${deviceId ?? ''}`;
  return (
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
      {t('resources.loggers.fields.lastSeenAt')}: {logger.lastSeenAt ? formatDateTime(logger.lastSeenAt) : t('resources.loggers.never')}
      {logger.lastTransport && (
        <>
          {' · '}
          {t('resources.loggers.fields.lastTransport')}: {t(`${wordsKey('loggers', 'transports')}.${logger.lastTransport}`)}
        </>
      )}
    </>
  );
}
