import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** The refusal page of a gated route: says why, and offers a way back. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconLock size={48} aria-hidden />}
      title={t('errors.forbiddenTitle')}
      text={t('errors.forbiddenText')}
      action={
        <Button component={Link} to="/dashboard">
          {t('errors.backToDashboard')}
        </Button>
      }
    />
  );
}
