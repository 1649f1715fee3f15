import {
  type Device,
  type DeviceGroup,
  deviceCreate,
  deviceGroups,
  devicePatch,
  type FiscalizeMode,
  fiscalizeModes,
  type Logger,
} from '@kovanica/contract';
import { Alert, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { MultiReferenceSelect, ReferenceSelect } from '../../components/reference-select.tsx';
import { FormCard } from '../../components/resource-pages.tsx';
import { useLockedFields } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { tagsApi } from '../../lib/apis/tags.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';

interface Values {
  company: string | null;
  name: string;
  group: DeviceGroup | null;
  tags: string[];
  logger: string | null;
  location: string | null;
  /** Integer cents; null while the field is empty. */
  playPriceCents: number | null;
  tokenValueCents: number | null;
  /** What the cash box holds when full; null: not told (no full-box forecast). */
  cashBoxCapacityCents: number | null;
  fiscalize: FiscalizeMode;
  premisesLabel: string;
  isuNumber: string;
}

const valuesOf = (device?: Device): Values => ({
  company: device?.company ?? null,
  name: device?.name ?? '',
  group: device?.group ?? null,
  tags: device?.tags ?? [],
  logger: device?.logger ?? null,
  location: device?.location ?? null,
  playPriceCents: device?.playPriceCents ?? null,
  tokenValueCents: device?.tokenValueCents ?? null,
  cashBoxCapacityCents: device?.cashBoxCapacityCents ?? null,
  fiscalize: device?.fiscalize ?? 'inherit',
  premisesLabel: device?.premisesLabel ?? '',
  isuNumber: device?.isuNumber ?? '',
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The body as the API names it. An empty choice or amount stays null (not left out), so the schema
 * answers "This field is required." for it rather than letting it pass as absent.
 */
const fieldsOf = (v: Values) => ({
  name: v.name,
  group: v.group,
  tags: v.tags,
  logger: v.logger,
  location: v.location,
  playPriceCents: v.playPriceCents,
  tokenValueCents: v.tokenValueCents,
  cashBoxCapacityCents: v.cashBoxCapacityCents,
  fiscalize: v.fiscalize,
  premisesLabel: orNull(v.premisesLabel),
  isuNumber: orNull(v.isuNumber),
});

// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...fieldsOf(v), ...(v.company ? { company: v.company } : {}) });

/**
 * A merge-patch of what changed: an unchanged location is not sent, so saving the name never looks
 * like a move in the placement history.
 */
function toPatchInput(v: Values, initial: Values): Record<string, unknown> {
  const now = fieldsOf(v);
  const before = fieldsOf(initial);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) patch[key] = now[key];
  }
  return patch;
}

/**
 * The one form of a device, for new and edit, in sections: general, logger, location, prices and
 * fiscal settings. A new device opens its edit page once saved.
 */
export function DeviceForm({ device }: { device?: Device }) {
  const { t } = useTranslation();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(devicesApi, {
    item: device,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: deviceCreate, toInput: toCreateInput },
    update: { schema: devicePatch, toInput: toPatchInput },
    // A section may be folded or far down: say that something needs fixing, next to the button.
    invalid: t('resources.devices.fixErrors'),
  });
  const { form, isNew } = resourceForm;

  // Prices, group and fiscal data are the managers' (a worker sees them, and edits the rest).
  const locked = useLockedFields('devices', isNew ? 'create' : 'update');
  const managersOnly = locked('playPriceCents') && (
    <Text size="sm" c="dimmed">
      {t('resources.devices.managersOnly')}
    </Text>
  );
  const values = form.getValues();
  // Loggers, locations and tags belong to the device's company: offer only that company's.
  const company = values.company ?? device?.company;
  const ofCompany = company ? { company } : undefined;
  const moved = !isNew && values.location !== form.getInitialValues().location;
  const label = (field: string) => t(`resources.devices.fields.${field}`);
  const section = (key: string) => t(`resources.devices.sections.${key}`);
  // A logger fitted elsewhere is marked in its option, so the choice explains the refusal before it comes.
  const loggerLabel = (logger: Logger) =>
    logger.device && logger.device !== device?.['@id']
      ? t('resources.devices.loggerFittedTo', { imei: logger.imei, device: logger.deviceName ?? '' })
      : logger.imei;

  return (
    <FormCard api={devicesApi} form={resourceForm} sections>
      <Portlet title={section('general')}>
        <Stack maw={800}>
          {isNew && companyChoice.needed && <CompanyField label={label('company')} {...form.getInputProps('company')} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label('name')} required withAsterisk maxLength={120} autoComplete="off" {...form.getInputProps('name')} />
            <Select
              label={label('group')}
              required
              withAsterisk
              allowDeselect={false}
              data={deviceGroups.map((g) => ({ value: g, label: t(`resources.devices.groups.${g}`) }))}
              disabled={locked('group')}
              {...form.getInputProps('group')}
            />
          </SimpleGrid>
          <MultiReferenceSelect
            api={tagsApi}
            label={label('tags')}
            description={t('resources.devices.tagsHint')}
            baseQuery={ofCompany}
            {...form.getInputProps('tags')}
            value={values.tags}
          />
        </Stack>
      </Portlet>

      <Portlet title={section('logger')}>
        <Stack maw={800}>
          <ReferenceSelect
            api={loggersApi}
            label={label('logger')}
            description={t('resources.devices.loggerHint')}
            optionLabel={loggerLabel}
            searchField="imei"
            baseQuery={ofCompany}
            {...form.getInputProps('logger')}
            value={values.logger}
          />
        </Stack>
      </Portlet>

      <Portlet title={section('location')}>
        <Stack maw={800}>
          <ReferenceSelect
            api={locationsApi}
            label={label('location')}
            description={t(isNew ? 'resources.devices.locationHintNew' : 'resources.devices.locationHint')}
            baseQuery={ofCompany}
            {...form.getInputProps('location')}
            value={values.location}
          />
          {moved && (
            <Alert color="blue" icon={<IconHistory size={18} aria-hidden />} role="status">
              {t(values.location ? 'resources.devices.locationMoved' : 'resources.devices.locationRemoved')}
            </Alert>
          )}
        </Stack>
      </Portlet>

      <Portlet title={section('prices')}>
        <Stack maw={800}>
          {managersOnly}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label={label('playPriceCents')}
              required
              withAsterisk
              disabled={locked('playPriceCents')}
              {...form.getInputProps('playPriceCents')}
            />
            <MoneyInput
              label={label('tokenValueCents')}
              description={t('resources.devices.tokenValueHint')}
              required
              withAsterisk
              disabled={locked('tokenValueCents')}
              {...form.getInputProps('tokenValueCents')}
            />
            <MoneyInput
              label={label('cashBoxCapacityCents')}
              description={t('resources.devices.cashBoxCapacityHint')}
              disabled={locked('cashBoxCapacityCents')}
              {...form.getInputProps('cashBoxCapacityCents')}
            />
          </SimpleGrid>
        </Stack>
      </Portlet>

      <Portlet title={section('fiscal')}>
        <Stack maw={800}>
          {managersOnly}
          <Radio.Group label={label('fiscalize')} description={t('resources.devices.fiscalizeHint')} {...form.getInputProps('fiscalize')}>
            <Group mt="xs">
              {fiscalizeModes.map((mode) => (
                <Radio key={mode} value={mode} label={t(`resources.devices.fiscalizeModes.${mode}`)} disabled={locked('fiscalize')} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={label('premisesLabel')}
              description={t('resources.devices.premisesLabelHint')}
              maxLength={20}
              autoComplete="off"
              disabled={locked('premisesLabel')}
              {...form.getInputProps('premisesLabel')}
            />
            <TextInput
              label={label('isuNumber')}
              description={t('resources.devices.isuNumberHint')}
              inputMode="numeric"
              maxLength={20}
              autoComplete="off"
              disabled={locked('isuNumber')}
              {...form.getInputProps('isuNumber')}
            />
          </SimpleGrid>
          {device && <AppliedFiscal device={device} />}
        </Stack>
      </Portlet>
    </FormCard>
  );
}

/** The fiscal settings in force as saved, after inheriting from the location (the server works them out). */
function AppliedFiscal({ device }: { device: Device }) {
  const { t } = useTranslation();
  const k = (key: string) => `resources.devices.applied.${key}`;
  const fiscalizeSource = device.fiscalize === 'inherit' ? t(k('fromLocation')) : t(k('setHere'));
  const labelSource = device.premisesLabel ? t(k('setHere')) : t(k('fromLocation'));
  return (
    <Alert color="gray" variant="light" title={t(k('title'))}>
      <Text size="sm">{t(k('fiscalize'), { value: t(device.fiscalizeApplied ? k('on') : k('off')), source: fiscalizeSource })}</Text>
      <Text size="sm">
        {device.premisesLabelApplied
          ? t(k('premisesLabel'), { value: device.premisesLabelApplied, source: labelSource })
          : t(k('premisesLabelNone'))}
      </Text>
    </Alert>
  );
}
