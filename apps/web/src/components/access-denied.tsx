import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** The refusal page of a gated route: says why (the role, or a part switched off for the company), and offers a way back. */
export function AccessDenied({ reason = 'role' }: { reason?: 'role' | 'switched_off' }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconLock size={48} aria-hidden />}
      title={t('errors.forbiddenTitle')}
      text={t(reason === 'switched_off' ? 'errors.switchedOffText' : 'errors.forbiddenText')}
      action={
        <Button component={Link} to="/dashboard">
          {t('errors.backToDashboard')}
        </Button>
      }
    />
  );
}
