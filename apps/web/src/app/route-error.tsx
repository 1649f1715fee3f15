import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../components/access-denied.tsx';
import { ChunkFailed } from '../components/chunk-failed.tsx';
import { StatusPage } from '../components/status-page.tsx';
import { ForbiddenError } from '../lib/access.ts';
import { isApiError } from '../lib/api.ts';
import { isChunkLoadError } from '../lib/chunk-failure.ts';
import { MissingRecord } from '../lib/missing-record.ts';

/** Why a route's error is a refusal (the user's role, or a part switched off for the company), or null when it is none. */
function refusalOf(error: unknown): 'role' | 'switched_off' | null {
  if (error instanceof ForbiddenError) return error.reason;
  if (isApiError(error) && error.status === 403) return error.problem?.type.endsWith('/module_off') ? 'switched_off' : 'role';
  return null;
}

/**
 * For React's root: an error a route's boundary caught is logged to the console, as React does by
 * default, unless it is a refusal. That is the page working as meant, and a console error on every
 * refused page cost it Lighthouse's best practices.
 */
export function logCaughtError(error: unknown, info: { componentStack?: string }) {
  if (refusalOf(error) === null && !(error instanceof MissingRecord)) console.error(error, info.componentStack ?? '');
}

/** "Device not found": a record the user cannot reach, with the way back to its list and no retry (it would not help). */
function RecordNotFound({ error }: { error: MissingRecord }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconSearch size={48} aria-hidden />}
      title={t(`errors.notFound.${error.resource}`)}
      text={t('errors.recordNotFoundText')}
      action={
        <Group>
          {error.listPath && (
            <Button component={Link} to={error.listPath}>
              {t('errors.backToList')}
            </Button>
          )}
          <Button variant={error.listPath ? 'default' : 'filled'} component={Link} to="/dashboard">
            {t('errors.backToDashboard')}
          </Button>
        </Group>
      }
    />
  );
}

/** What a route shows when it cannot render: a refusal, a chunk failure, or a failure with a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const refusal = refusalOf(error);
  if (refusal) return <AccessDenied reason={refusal} />;
  if (error instanceof MissingRecord) return <RecordNotFound error={error} />;
  if (isChunkLoadError(error)) return <ChunkFailed />;
  const text = isApiError(error)
    ? error.status === 0
      ? t('errors.network')
      : (error.userMessage ?? t('errors.genericText'))
    : t('errors.genericText');
  return (
    <StatusPage
      icon={<IconAlertTriangle size={48} aria-hidden />}
      title={t('errors.genericTitle')}
      text={text}
      action={
        <Group>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('errors.retry')}
          </Button>
          <Button variant="default" component={Link} to="/dashboard">
            {t('errors.backToDashboard')}
          </Button>
        </Group>
      }
    />
  );
}
