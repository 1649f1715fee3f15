import { Avatar, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHOTO, useSession } from '../../lib/session.ts';
import classes from './layout.module.css';

/** Opens the quick-user panel; shows who is signed in. */
export function UserToggle({ onClick, expanded }: { onClick: () => void; expanded: boolean }) {
  const { t } = useTranslation();
  const { personalInfo } = useSession();
  return (
    <UnstyledButton className={classes.userToggle} onClick={onClick} aria-haspopup="dialog" aria-expanded={expanded}>
      <VisuallyHidden>{t('layout.openUserPanel')}:</VisuallyHidden>
      <span className={classes.greeting}>{t('layout.greeting')}</span>
      <span className={classes.userName}>{personalInfo.name}</span>
      <Avatar src={personalInfo.photo || DEFAULT_PHOTO} alt="" size={34} radius="sm" />
    </UnstyledButton>
  );
}
