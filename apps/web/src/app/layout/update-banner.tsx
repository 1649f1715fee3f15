import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsQuery } from '../../lib/settings-query.ts';
import { readStoredJson, writeStored } from '../../lib/storage.ts';
import classes from './layout.module.css';

/** The banner as last seen, so the next page shows it at once instead of pushing the page down later. */
const BANNER_KEY = 'updateBanner';
type Banner = { enabled: boolean; text: string | null };

function lastSeen(): Banner | null {
  const stored = readStoredJson(BANNER_KEY) as Partial<Banner> | null;
  return stored && typeof stored.enabled === 'boolean'
    ? { enabled: stored.enabled, text: typeof stored.text === 'string' ? stored.text : null }
    : null;
}

/**
 * The update banner (original §1): an admin's text, or the default text in the user's language. It
 * renders from what the browser saw last while `GET /settings` answers (no layout shift, decision
 * 0016); the page shifts only on the visit after an admin switched it.
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(settingsQuery());
  const banner: Banner | null = data ? { enabled: data.updateBannerEnabled, text: data.updateBannerText } : lastSeen();
  useEffect(() => {
    if (data) writeStored(BANNER_KEY, JSON.stringify({ enabled: data.updateBannerEnabled, text: data.updateBannerText }));
  }, [data]);
  if (!banner?.enabled) return null;
  return (
    <section className={classes.banner} aria-label={t('banner.label')}>
      <IconInfoCircle size={20} aria-hidden className={classes.bannerIcon} />
      <p className={classes.bannerText}>{banner.text ?? t('banner.default')}</p>
    </section>
  );
}
