import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsQuery } from '../../features/settings/api.ts';
import classes from './layout.module.css';

/** The update banner (original §1): an admin's text, or the default text in the user's language. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(settingsQuery());
  if (!data?.updateBannerEnabled) return null;
  return (
    <section className={classes.banner} aria-label={t('banner.label')}>
      <IconInfoCircle size={20} aria-hidden className={classes.bannerIcon} />
      <p className={classes.bannerText}>{data.updateBannerText ?? t('banner.default')}</p>
    </section>
  );
}
