import { type Company, companyPatch, type Settings, type SettingsPatch, settingsPatch } from '@kovanica/contract';
import { Anchor, Button, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CompanyNotificationFields,
  CompanyOperationFields,
  type CompanySettingsValues,
} from '../../components/company-settings-fields.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { SettingsCompanyChoice } from '../../components/settings-company-choice.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useAccess } from '../../lib/access.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { useResourceForm } from '../../lib/forms.ts';
import { useUpdate } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';
import { settingsQuery } from '../../lib/settings-query.ts';
import { viewOf } from '../../lib/view.ts';
import { useUpdateSettings } from './api.ts';

/** The company's fields this screen changes: those its managers may (contract `writeRules.companies`). */
type CompanyValues = CompanySettingsValues;
const companyValuesOf = (company: Company): CompanyValues => ({
  operationalCostsCents: company.operationalCostsCents,
  tokenValueCents: company.tokenValueCents,
  depositToleranceCents: company.depositToleranceCents,
  cardCorrectionLimitCents: company.cardCorrectionLimitCents,
  offlineThresholdMinutes: company.offlineThresholdMinutes,
  notificationEmails: company.notificationEmails,
  sendNotifications: company.sendNotifications,
  sendDailyReports: company.sendDailyReports,
  sendDepositNotifications: company.sendDepositNotifications,
  sendDeviceEmptyEvents: company.sendDeviceEmptyEvents,
  sendUnverifiedDeposits: company.sendUnverifiedDeposits,
  language: company.language,
});
/**
 * Only the settings go out: the rest of the company is the admins' (a manager's PATCH of it is
 * refused). An emptied field goes as null, so the contract's schema names it as required.
 */
const toCompanyPatch = (v: CompanyValues) => ({
  ...v,
  offlineThresholdMinutes: typeof v.offlineThresholdMinutes === 'number' ? v.offlineThresholdMinutes : null,
});

/** Operations and e-mail notifications of one company (original §3). */
function CompanySettingsCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: company,
    valuesOf: companyValuesOf,
    update: { schema: companyPatch, toInput: toCompanyPatch, mutation: useUpdate(companiesApi, company.id) },
    messages: { saved: t('settings.companySaved') },
  });
  return (
    <Portlet title={t('settings.companyTitle', { name: company.name })}>
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={unsaved} />
        <Stack maw={760}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
          <Text fw={600} component="h3" size="md" m={0}>
            {t('resources.companies.wizard.sections.operations')}
          </Text>
          <CompanyOperationFields form={form} />
          <Text fw={600} component="h3" size="md" m={0} mt="sm">
            {t('resources.companies.wizard.sections.notifications')}
          </Text>
          <CompanyNotificationFields form={form} />
          <Group>
            <Button type="submit" loading={saving}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Portlet>
  );
}

interface BannerValues {
  updateBannerEnabled: boolean;
  updateBannerText: string;
}

/** An empty text means "use the default text", which the API spells as null. */
const toBannerPatch = (values: BannerValues): SettingsPatch => ({
  updateBannerEnabled: values.updateBannerEnabled,
  updateBannerText: values.updateBannerText.trim() === '' ? null : values.updateBannerText,
});
const bannerValuesOf = (settings: Settings): BannerValues => ({
  updateBannerEnabled: settings.updateBannerEnabled,
  updateBannerText: settings.updateBannerText ?? '',
});

/** The platform's update banner: admins only. */
function BannerCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: settings,
    valuesOf: bannerValuesOf,
    update: { schema: settingsPatch, toInput: toBannerPatch, mutation: useUpdateSettings() },
    messages: { saved: t('settings.saved') },
  });
  return (
    <Portlet title={t('settings.bannerTitle')}>
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={unsaved} />
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
              {t('settings.saveBanner')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Portlet>
  );
}

/**
 * `/settings/main`: the company's settings for its managers and the admins, a way to
 * its fiscal settings, and for admins the update banner. In the All Companies view the company is
 * chosen at the top (`?company=<id>`).
 */
export function SettingsMainPage({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const { can, hasModule } = useAccess();
  const navigate = useNavigate();
  const { data: company } = useSuspenseQuery(companiesApi.detail(companyId));
  const banner = useQuery({ ...settingsQuery(), enabled: can('settings.update') });
  const choose = viewOf(accountInfo) === 'all';
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={company.name} />
      <Stack>
        {choose && (
          <SettingsCompanyChoice
            companyId={companyId}
            onChoose={(id) => void navigate({ to: '/settings/main', search: { company: id } })}
          />
        )}
        <CompanySettingsCard key={company.id} company={company} />
        {can('fiscal-settings.read') && hasModule('bills') && (
          <Portlet title={t('settings.fiscalTitle')}>
            <Text size="sm">
              {t('settings.fiscalText')}{' '}
              <Anchor
                inherit
                renderRoot={(props) => <Link to="/settings/fiscal" search={choose ? { company: company.id } : {}} {...props} />}
              >
                {t('settings.fiscalLink')}
              </Anchor>
            </Text>
          </Portlet>
        )}
        {can('settings.update') && banner.data && <BannerCard settings={banner.data} />}
      </Stack>
    </>
  );
}
