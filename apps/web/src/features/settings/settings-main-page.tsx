import { type Settings, type SettingsPatch, settingsPatch } from '@kovanica/contract';
import { Button, Group, Stack, Switch, Textarea } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useResourceForm } from '../../lib/forms.ts';
import { settingsQuery } from '../../lib/settings-query.ts';
import { useUpdateSettings } from './api.ts';

interface Values {
  updateBannerEnabled: boolean;
  updateBannerText: string;
}

/** An empty text means "use the default text", which the API spells as null. */
const toPatch = (values: Values): SettingsPatch => ({
  updateBannerEnabled: values.updateBannerEnabled,
  updateBannerText: values.updateBannerText.trim() === '' ? null : values.updateBannerText,
});
const valuesOf = (settings: Settings): Values => ({
  updateBannerEnabled: settings.updateBannerEnabled,
  updateBannerText: settings.updateBannerText ?? '',
});

export function SettingsMainPage() {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(settingsQuery());
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: settings,
    valuesOf,
    update: { schema: settingsPatch, toInput: toPatch, mutation: useUpdateSettings() },
    messages: { saved: t('settings.saved') },
  });

  return (
    <>
      <PageHeader title={t('settings.title')} />
      <UnsavedChangesGuard dirty={unsaved} />
      <Portlet title={t('settings.bannerTitle')}>
        <form onSubmit={submit} noValidate>
          <Stack maw={640}>
            {failure && <FailureAlert>{failure}</FailureAlert>}
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
              <Button type="submit" loading={saving}>
                {t('settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Portlet>
    </>
  );
}
