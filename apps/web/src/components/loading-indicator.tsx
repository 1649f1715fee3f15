import { Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './loading-indicator.module.css';

/** The original's loading dialog: 'Loading...', 100 px wide, top centre (original §9). */
export function LoadingIndicator({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.anchor} role="status" aria-live="polite">
      {visible && (
        <Paper className={classes.dialog} shadow="md" withBorder>
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('app.loading')}</Text>
        </Paper>
      )}
    </div>
  );
}
