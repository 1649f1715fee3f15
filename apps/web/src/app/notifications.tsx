import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/**
 * The notifications' container, loaded after the first paint (`providers.tsx`): it brings its portal,
 * transitions and scroll lock, which the sign-in page does not need to show. A notification shown
 * before it is in waits in Mantine's store and appears when it mounts.
 */
export default function AppNotifications() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}
