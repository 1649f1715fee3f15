import { type SettingsPatch, settingsPatch } from '@kovanica/contract';
import { Alert, Button, Group, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { isApiError } from '../../lib/api.ts';
import { schemaValidator, serverFieldErrors } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { settingsQuery, useUpdateSettings } from './api.ts';

interface Values {
  updateBannerEnabled: boolean;
  updateBannerText: string;
}

/** An empty text means "use the default text", which the API spells as null. */
const toPatch = (values: Values): SettingsPatch => ({
  updateBannerEnabled: values.updateBannerEnabled,
  updateBannerText: values.updateBannerText.trim() === '' ? null : values.updateBannerText,
});

export function SettingsMainPage() {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(settingsQuery());
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { updateBannerEnabled: settings.updateBannerEnabled, updateBannerText: settings.updateBannerText ?? '' },
    validate: schemaValidator<Values>(settingsPatch, currentLanguage, toPatch),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(toPatch(values));
      const next = { updateBannerEnabled: saved.updateBannerEnabled, updateBannerText: saved.updateBannerText ?? '' };
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      notifications.show({ color: 'teal', message: t('settings.saved') });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure((isApiError(error) && error.userMessage) || t('errors.genericText'));
    }
  });

  return (
    <>
      <PageHeader title={t('settings.title')} />
      <UnsavedChangesGuard dirty={form.isDirty() && !update.isPending} />
      <Portlet title={t('settings.bannerTitle')}>
        <form onSubmit={submit} noValidate>
          <Stack maw={640}>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Switch label={t('settings.bannerEnabled')} {...form.getInputProps('updateBannerEnabled', { type: 'checkbox' })} />
            <Textarea
              label={t('settings.bannerText')}
              description={t('settings.bannerTextHint')}
              placeholder={t('banner.default')}
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('updateBannerText')}
            />
            <Group>
              <Button type="submit" loading={update.isPending}>
                {t('settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Portlet>
    </>
  );
}
