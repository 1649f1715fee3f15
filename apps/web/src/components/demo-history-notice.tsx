import { formatCount } from '@kovanica/contract';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDemoHistory } from '../lib/demo-history.ts';
import { useSession } from '../lib/session.ts';
import { WarningAlert } from './warning-alert.tsx';

/**
 * Said on the screens whose figures read the past (reports, the dashboard's money, month closes, the
 * VAT book) while the demo's first start is still writing its history in the background (decision
 * 0044): their zeros would mislead. Admins see how far it has come. Nothing otherwise.
 */
export function DemoHistoryNotice() {
  const { t } = useTranslation();
  const status = useDemoHistory();
  const { accountInfo } = useSession();
  if (status?.state !== 'writing') return null;
  const values = { month: status.month, months: status.months, percent: status.percent };
  return (
    <Box mb="md" role="status">
      <WarningAlert title={t('demoHistory.title')}>
        <Text size="sm">{t('demoHistory.text')}</Text>
        {accountInfo.role === 'admin' && (
          <Text size="sm" mt={4} data-testid="demo-history-progress">
            {status.phase === 'settling'
              ? t('demoHistory.settling')
              : status.eventsPerSecond === null
                ? t('demoHistory.progressStarting', values)
                : t('demoHistory.progress', { ...values, rate: formatCount(status.eventsPerSecond) })}
          </Text>
        )}
      </WarningAlert>
    </Box>
  );
}
