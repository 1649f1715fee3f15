import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type BannerSeen, lastSeenBanner, settingsQuery } from '../../lib/settings-query.ts';
import classes from './layout.module.css';

/**
 * The update banner (original §1): an admin's text, or the default text in the user's language. It
 * renders from what the browser saw last while `GET /settings` answers (no layout shift, decision
 * 0016); the page shifts only on the visit after an admin switched it.
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(settingsQuery());
  const banner: BannerSeen | null = data ? { enabled: data.updateBannerEnabled, text: data.updateBannerText } : lastSeenBanner();
  if (!banner?.enabled) return null;
  return (
    <section className={classes.banner} aria-label={t('banner.label')}>
      <IconInfoCircle size={20} aria-hidden className={classes.bannerIcon} />
      <p className={classes.bannerText}>{banner.text ?? t('banner.default')}</p>
    </section>
  );
}
