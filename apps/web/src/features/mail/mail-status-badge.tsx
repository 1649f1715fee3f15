import type { Mail } from '@kovanica/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<Mail['status'], string> = { queued: 'blue.9', sent: 'teal.9', failed: 'red.9', held: 'gray.8' };

/** A mail's status in words and colour: queued, sent, failed, or held in the outbox (no SMTP server). */
export function MailStatusBadge({ status }: { status: Mail['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="filled" tt="none" style={{ minWidth: 'max-content' }}>
      {t(`resources.mails.statuses.${status}`)}
    </Badge>
  );
}
