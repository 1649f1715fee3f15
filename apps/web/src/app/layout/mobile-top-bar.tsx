import { ActionIcon, Group } from '@mantine/core';
import { IconDotsVertical, IconMenu2, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import classes from './layout.module.css';
import { NotificationsBell } from './notifications-bell.tsx';
import { QuickSearchButton } from './quick-search.tsx';

interface MobileTopBarProps {
  onOpenAside: () => void;
  onOpenHeaderMenu: () => void;
  onOpenUserPanel: () => void;
}

/** The top bar of small screens: the logo and toggles for the side menu, header menu and user panel. */
export function MobileTopBar({ onOpenAside, onOpenHeaderMenu, onOpenUserPanel }: MobileTopBarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.mobileTopBar} data-testid="mobile-top-bar">
      <Link to="/dashboard" aria-label={t('app.home')} className={classes.brandLink}>
        <Logo inverted size={28} />
      </Link>
      <Group gap={4} wrap="nowrap">
        <QuickSearchButton onDark />
        <NotificationsBell dark />
        <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label={t('layout.openMenu')} onClick={onOpenAside}>
          <IconMenu2 size={22} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label={t('layout.openHeaderMenu')} onClick={onOpenHeaderMenu}>
          <IconDotsVertical size={22} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label={t('layout.openUserPanel')} onClick={onOpenUserPanel}>
          <IconUser size={22} aria-hidden />
        </ActionIcon>
      </Group>
    </div>
  );
}
