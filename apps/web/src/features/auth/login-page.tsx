import { Box, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { Logo } from '../../components/logo.tsx';
import { isApiError } from '../../lib/api.ts';
import classes from './login-page.module.css';
import { safeRedirect } from './safe-redirect.ts';

/**
 * The sign-in page (original §7), the one screen of `login.html` (decision 0016): signed in, the
 * app loads at `redirect` (a path of the app, else the dashboard).
 */
export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentTitle(`${t('auth.title')} · Kovanica`);
  // The server's own message for a failed sign-in (original §8: stored as the auth error and shown).
  const [authError, setAuthError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Two fields with plain state and checks, not the form library and the contract's schema: the
  // sign-in page is the first paint (decision 0016). The server checks the rest and answers in the
  // user's language.
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: values.email.trim() ? undefined : t('auth.emailRequired'),
      password: values.password ? undefined : t('auth.passwordRequired'),
    };
    setErrors(found);
    if (found.email || found.password) return;
    setAuthError(null);
    setSubmitting(true);
    try {
      // The session's work (the user, the company, their schemas) loads with the first attempt.
      const { signIn } = await import('./sign-in.ts');
      await signIn(queryClient, values.email.trim(), values.password);
      // The button stays busy while the app loads in the page's place.
      window.location.replace(safeRedirect(redirect));
    } catch (error) {
      if (isApiError(error) && error.status === 0) setAuthError(t('errors.network'));
      else setAuthError(failureText(error, t('auth.failed')));
      setSubmitting(false);
    }
  };

  return (
    <div className={classes.page}>
      <Box className={classes.brand} visibleFrom="md">
        <Stack gap="md" maw={360}>
          <Logo inverted size={48} />
          <Text size="lg" c="white">
            {t('app.tagline')}
          </Text>
        </Stack>
      </Box>
      <main className={classes.main}>
        <Group justify="flex-end" className={classes.languageBar}>
          <Box w={160}>
            <LanguageSelect size="xs" />
          </Box>
        </Group>
        <Paper className={classes.panel} withBorder shadow="sm" p="xl" radius="md">
          <Box hiddenFrom="md" mb="lg">
            <Logo size={36} />
          </Box>
          <Title order={1} size="h2">
            {t('auth.title')}
          </Title>
          <Text c="dimmed" mt={4} mb="lg">
            {t('auth.subtitle')}
          </Text>
          <form onSubmit={submit} noValidate>
            <Stack>
              {authError && <FailureAlert>{authError}</FailureAlert>}
              <TextInput label={t('auth.email')} type="email" autoComplete="username" required withAsterisk {...field('email')} />
              <PasswordInput label={t('auth.password')} autoComplete="current-password" required withAsterisk {...field('password')} />
              <Button type="submit" loading={submitting} fullWidth mt="sm">
                {t('auth.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </main>
    </div>
  );
}
