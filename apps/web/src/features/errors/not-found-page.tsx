import { Button } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/status-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main>
      <StatusPage
        fullScreen
        icon={<IconError404 size={56} aria-hidden />}
        title={t('errors.notFoundTitle')}
        text={t('errors.notFoundText')}
        action={
          <Button component={Link} to="/dashboard">
            {t('errors.backToDashboard')}
          </Button>
        }
      />
    </main>
  );
}
