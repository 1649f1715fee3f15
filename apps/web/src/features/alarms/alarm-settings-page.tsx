import {
  ALARM_ESCALATION_MAX_MINUTES,
  type AlarmKind,
  alarmKinds,
  alarmThresholds,
  type Company,
  companyPatch,
  formatMoney,
} from '@kovanica/contract';
import { Anchor, Button, Divider, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { SettingsCompanyChoice } from '../../components/settings-company-choice.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useAccess, useLockedFields } from '../../lib/access.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { useResourceForm } from '../../lib/forms.ts';
import { useUpdate } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { MyAlarmsCard } from './my-alarms-card.tsx';

const k = (key: string) => `resources.alarms.settings.${key}`;

interface Bounds {
  unit: string;
  default: number;
  min: number;
  max: number;
}

/**
 * The figure a company sets for a kind here, or null. The offline alarm has none of its own
 * (`alarmThresholds`): the sweep raises it at the company's offline threshold, the one that marks a
 * device offline in the devices list, so it is changed in the main settings and the two never disagree.
 */
const figureOf = (kind: AlarmKind): Bounds | null => alarmThresholds[kind];

/** A kind's switch and its figure; an emptied figure is '' (Mantine's), sent as null: the default again. */
interface RuleValues {
  enabled: boolean;
  threshold: number | string;
}
/** Under `alarmRules`, so the contract's violations (`alarmRules.cash_box_full.threshold`) land on their fields. */
interface AlarmSettingsValues {
  alarmRules: Record<AlarmKind, RuleValues>;
  /** Minutes before an unacknowledged alarm goes to the managers too; '' while emptied (required). */
  alarmEscalationMinutes: number | string;
}

const valuesOf = (company: Company): AlarmSettingsValues => ({
  alarmRules: Object.fromEntries(
    alarmKinds.map((kind) => [kind, { enabled: company.alarmRules[kind].enabled, threshold: company.alarmRules[kind].threshold ?? '' }]),
  ) as Record<AlarmKind, RuleValues>,
  alarmEscalationMinutes: company.alarmEscalationMinutes,
});

const thresholdOf = (value: number | string): number | null => (value === '' ? null : Number(value));

/**
 * Only what changed goes out, kind by kind and part by part: the server merges it into what the company
 * stored, so a figure left alone stays "the default" (and follows it) rather than being stored as a
 * number, and two people changing different kinds at once both keep their change.
 */
const toPatch = (values: AlarmSettingsValues, initial: AlarmSettingsValues) => {
  const alarmRules: Partial<Record<AlarmKind, { enabled?: boolean; threshold?: number | null }>> = {};
  for (const kind of alarmKinds) {
    const now = values.alarmRules[kind];
    const before = initial.alarmRules[kind];
    const change: { enabled?: boolean; threshold?: number | null } = {};
    if (now.enabled !== before.enabled) change.enabled = now.enabled;
    if (figureOf(kind) && thresholdOf(now.threshold) !== thresholdOf(before.threshold)) change.threshold = thresholdOf(now.threshold);
    if (Object.keys(change).length > 0) alarmRules[kind] = change;
  }
  const escalation = values.alarmEscalationMinutes;
  // An emptied figure goes out as null, which the contract refuses as required: the field says so.
  return escalation === initial.alarmEscalationMinutes
    ? { alarmRules }
    : { alarmRules, alarmEscalationMinutes: escalation === '' ? null : Number(escalation) };
};

/** Where a kind's figure lives elsewhere in the company's settings: the link to the main settings, and what it is now. */
function ElsewhereNote({ kind, company, choose }: { kind: AlarmKind; company: Company; choose: boolean }) {
  const { t } = useTranslation();
  const figure =
    kind === 'device_offline'
      ? t(k('elsewhere.device_offline'), { minutes: company.offlineThresholdMinutes })
      : kind === 'deposit_difference'
        ? t(k('elsewhere.deposit_difference'), { amount: formatMoney(company.depositToleranceCents) })
        : null;
  if (figure === null) return null;
  return (
    <Text size="sm">
      {figure}{' '}
      <Anchor inherit renderRoot={(props) => <Link to="/settings/main" search={choose ? { company: company.id } : {}} {...props} />}>
        {t(k('elsewhere.link'))}
      </Anchor>
    </Text>
  );
}

/** The kinds, one row each in the contract's order: on or off, and the figure where the kind has one here. */
function AlarmRulesCard({ company, choose }: { company: Company; choose: boolean }) {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const idBase = useId();
  // Managers change their own company's only, not a subsidiary's they see in All Companies; admins any.
  const locked = useLockedFields('companies', 'update', company.id === accountInfo.company_id)('alarmRules');
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: company,
    valuesOf,
    update: { schema: companyPatch, toInput: toPatch, mutation: useUpdate(companiesApi, company.id) },
    messages: { saved: t(k('saved')) },
  });
  return (
    <Portlet title={t(k('cardTitle'), { name: company.name })}>
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={unsaved} />
        <Stack maw={760}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
          {locked && <Text size="sm">{t(k('readOnly'))}</Text>}
          {alarmKinds.map((kind, i) => {
            const figure = figureOf(kind);
            const name = t(`resources.alarms.kinds.${kind}`);
            return (
              <Fragment key={kind}>
                {i > 0 && <Divider />}
                <Group justify="space-between" align="flex-start" gap="md">
                  <Stack gap={6} miw={0} style={{ flex: '1 1 280px' }}>
                    {/* The sentence is outside the switch's label: Mantine's description is inside it and would make it the switch's name. */}
                    <Switch
                      label={name}
                      aria-describedby={`${idBase}-${kind}`}
                      disabled={locked}
                      styles={{ label: { fontWeight: 600 } }}
                      {...form.getInputProps(`alarmRules.${kind}.enabled`, { type: 'checkbox' })}
                    />
                    <Text id={`${idBase}-${kind}`} size="sm" c="dimmed">
                      {t(k(`raises.${kind}`))}
                    </Text>
                    <ElsewhereNote kind={kind} company={company} choose={choose} />
                  </Stack>
                  {figure && (
                    <NumberInput
                      label={t(k(`figures.${kind}`))}
                      description={t(k('default'), { value: figure.default, unit: t(k(`units.${figure.unit}`)) })}
                      placeholder={String(figure.default)}
                      rightSection={
                        <Text size="sm" c="dimmed" aria-hidden>
                          {t(k(`units.${figure.unit}`))}
                        </Text>
                      }
                      rightSectionWidth={64}
                      rightSectionPointerEvents="none"
                      hideControls
                      min={figure.min}
                      max={figure.max}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      disabled={locked}
                      w={{ base: '100%', xs: 240 }}
                      {...form.getInputProps(`alarmRules.${kind}.threshold`)}
                    />
                  )}
                </Group>
              </Fragment>
            );
          })}
          <Divider />
          <NumberInput
            label={t(k('escalation.label'))}
            description={t(k('escalation.hint'))}
            rightSection={
              <Text size="sm" c="dimmed" aria-hidden>
                {t(k('units.minutes'))}
              </Text>
            }
            rightSectionWidth={64}
            rightSectionPointerEvents="none"
            hideControls
            min={0}
            max={ALARM_ESCALATION_MAX_MINUTES}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
            withAsterisk
            disabled={locked}
            w={{ base: '100%', xs: 420 }}
            {...form.getInputProps('alarmEscalationMinutes')}
          />
          {!locked && (
            <Group>
              <Button type="submit" loading={saving}>
                {t(k('save'))}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Portlet>
  );
}

/**
 * `/alarms/settings`: everyone's own alarms first ("My alarms": which reach them, how and when), then,
 * for the company's managers and the admins, which alarms the company raises, at which figures, and
 * when an unacknowledged one escalates (docs/rules.md "Alarms"). In the All Companies view the company
 * is chosen above its rules (`?company=<id>`), as the main settings do.
 */
export function AlarmSettingsPage({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const access = useAccess();
  const navigate = useNavigate();
  const { data: company } = useSuspenseQuery(companiesApi.detail(companyId));
  const choose = viewOf(accountInfo) === 'all';
  const companyRules = access.can('settings.company');
  return (
    <>
      <PageHeader title={t(k('title'))} subtitle={company.name} />
      <Stack>
        <MyAlarmsCard />
        {companyRules && (
          <>
            <Text maw={760}>{t(k('intro'))}</Text>
            {choose && (
              <SettingsCompanyChoice
                companyId={companyId}
                onChoose={(id) => void navigate({ to: '/alarms/settings', search: { company: id } })}
              />
            )}
            <AlarmRulesCard key={company.id} company={company} choose={choose} />
          </>
        )}
      </Stack>
    </>
  );
}
