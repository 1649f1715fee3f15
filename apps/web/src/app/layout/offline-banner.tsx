import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFLINE_KEY } from '../../lib/offline-actions.ts';
import { useOnline } from '../../lib/online.ts';
import classes from './layout.module.css';

/** How long "everything has been sent" stays after the last action went. */
const SENT_SHOWN_MS = 6000;

/**
 * The connection banner (decision 0055): offline, that what is recorded is kept and sent later; the
 * worker's actions waiting to be sent, being sent, refused (shown on their stop), and, for a moment,
 * that all were sent. Nothing while online with nothing to send.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const states = useMutationState({
    filters: { mutationKey: OFFLINE_KEY },
    select: (m) => ({ status: m.state.status, paused: m.state.isPaused }),
  });
  const waiting = states.filter((s) => s.status === 'pending' && s.paused).length;
  const sending = states.filter((s) => s.status === 'pending' && !s.paused).length;
  const failed = states.filter((s) => s.status === 'error').length;
  // Online, a tap that is sent at once is no news: sending and sent are told of actions that waited.
  const waited = useRef(false);
  if (waiting > 0) waited.current = true;
  const sent = useSentMoment(waited.current ? waiting + sending : 0);
  if (sent) waited.current = false;

  const lines: string[] = [];
  if (!online) lines.push(t('offline.offline'));
  if (waiting > 0) lines.push(t('offline.waiting', { count: waiting }));
  if (sending > 0 && online && waited.current) lines.push(t('offline.sending', { count: sending }));
  if (failed > 0) lines.push(t('offline.failed', { count: failed }));
  if (lines.length === 0 && sent && online) lines.push(t('offline.sent'));
  if (lines.length === 0) return null;
  const Icon = online ? IconCloudUpload : IconCloudOff;
  return (
    <section className={classes.banner} data-offline={!online || undefined} aria-label={t('offline.label')}>
      <Icon size={20} aria-hidden className={classes.bannerIcon} />
      <p className={classes.bannerText} role="status">
        {lines.join(' ')}
      </p>
    </section>
  );
}

/** True for a few seconds after the count of actions on their way drops to none. */
function useSentMoment(open: number): boolean {
  const before = useRef(open);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    const had = before.current;
    before.current = open;
    if (open > 0) {
      setSent(false);
      return;
    }
    if (had === 0) return;
    setSent(true);
    const timer = setTimeout(() => setSent(false), SENT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return sent;
}
