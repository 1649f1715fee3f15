import { IconRefreshAlert } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReloadButton, StatusPage } from './status-page.tsx';

/** Shown instead of a blank page when a code or style chunk cannot be loaded (docs/rules.md "Layout"). */
export function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <StatusPage
      fullScreen
      icon={<IconRefreshAlert size={48} aria-hidden />}
      title={t('errors.chunkFailedTitle')}
      text={t('errors.chunkFailedText')}
      action={<ReloadButton label={t('errors.reload')} />}
    />
  );
}
