/**
 * Every Mantine stylesheet, for the signed-in app (its screens use most components). In Mantine's
 * cascade layer like the first paint's (`app/styles.ts`): rules loaded twice are the same rules.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
