/**
 * Every Mantine stylesheet, for the signed-in app (its screens use most components), and the app's
 * global rules. Imported by the app's entry (`main.tsx`), so the page links it in its head: the
 * browser parses it while the scripts load, instead of inside the task that mounts the first screen
 * (a long task of ~90 ms on this machine when the layout brought it; issue 14). In Mantine's cascade
 * layer like the sign-in page's subset (`app/styles.ts`).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '../global.css';
