import { loginRequest } from '@kovanica/contract';
import { Box, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { Logo } from '../../components/logo.tsx';
import { isApiError } from '../../lib/api.ts';
import { schemaValidator } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import classes from './login-page.module.css';
import { safeRedirect } from './safe-redirect.ts';
import { signIn } from './sign-in.ts';

const route = getRouteApi('/login');

export function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { redirect } = route.useSearch();
  useDocumentTitle(`${t('auth.title')} · Kovanica`);
  // The server's own message for a failed sign-in (original §8: stored as the auth error and shown).
  const [authError, setAuthError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaValidator(loginRequest, currentLanguage),
  });

  const submit = form.onSubmit(async (values) => {
    setAuthError(null);
    setSubmitting(true);
    try {
      await signIn(queryClient, values.email.trim(), values.password);
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 0) setAuthError(t('errors.network'));
      else setAuthError(failureText(error, t('auth.failed')));
    } finally {
      setSubmitting(false);
    }
  });

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
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="username"
                required
                withAsterisk
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                required
                withAsterisk
                {...form.getInputProps('password')}
              />
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
