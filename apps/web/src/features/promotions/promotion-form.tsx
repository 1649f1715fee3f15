import {
  type Device,
  type LoyaltyOwner,
  type Promotion,
  type PromotionKind,
  promotionCreate,
  promotionKinds,
  promotionPatch,
} from '@kovanica/contract';
import { ActionIcon, Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/day-input.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { PercentInput } from '../../components/percent-input.tsx';
import { MultiReferenceSelect, ReferenceSelect } from '../../components/reference-select.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { devicesApi } from '../../lib/apis/devices.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { promotionsApi } from '../../lib/apis/promotions.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { newTier, promotionFormErrors, promotionInput, promotionValuesOf } from './promotion-values.ts';

const f = (field: string) => `resources.promotions.fields.${field}`;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const MAX_TIERS = 10;

/**
 * The one form of a promotion, for new and edit. Its fields follow the kind: a bonus's tiers (rows
 * added and removed), or a happy hour's devices, price, weekdays and hours.
 */
export function PromotionForm({ promotion }: { promotion?: Promotion }) {
  const { t } = useTranslation();
  const resourceForm = useItemForm(promotionsApi, {
    item: promotion,
    valuesOf: promotionValuesOf,
    create: { schema: promotionCreate, toInput: promotionInput },
    update: { schema: promotionPatch, toInput: promotionInput },
    formErrors: promotionFormErrors,
  });
  const { form } = resourceForm;
  const values = form.getValues();
  // Devices and another owner of the promotion's company (the server says so too).
  const company = promotion?.company;
  const ofCompany = company ? { company } : undefined;
  const readOnly = resourceForm.readOnly;

  return (
    <FormCard api={promotionsApi} form={resourceForm} maw={800}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReferenceSelect<LoyaltyOwner>
          api={loyaltyOwnersApi}
          label={t(f('owner'))}
          required
          withAsterisk
          baseQuery={ofCompany}
          {...form.getInputProps('owner')}
          value={values.owner}
        />
        <TextInput label={t(f('name'))} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
        <Select
          label={t(f('kind'))}
          description={t(`resources.promotions.kindHints.${values.kind}`)}
          required
          withAsterisk
          allowDeselect={false}
          data={promotionKinds.map((kind) => ({ value: kind, label: t(`resources.promotions.kinds.${kind}`) }))}
          {...form.getInputProps('kind')}
          onChange={(kind) => form.setFieldValue('kind', (kind ?? 'bonus') as PromotionKind)}
        />
        <Switch
          mt={{ sm: 'xl' }}
          label={t(f('active'))}
          description={t('resources.promotions.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <DayInput label={t(f('validFrom'))} required withAsterisk {...form.getInputProps('validFrom')} />
        <DayInput label={t(f('validTo'))} description={t('resources.promotions.validToHint')} {...form.getInputProps('validTo')} />
      </SimpleGrid>

      {values.kind === 'bonus' ? (
        <Stack gap="xs" role="group" aria-labelledby="promotion-tiers">
          <Text id="promotion-tiers" fw={600} size="sm">
            {t(f('tiers'))}
          </Text>
          <Text size="sm" c="dimmed">
            {t('resources.promotions.tiersHint')}
          </Text>
          {values.tiers.map((tier, index) => (
            <Group key={tier.key} align="flex-start" gap="xs" wrap="nowrap">
              <SimpleGrid cols={2} spacing="xs" flex={1}>
                <MoneyInput
                  label={t('resources.promotions.tierFrom', { n: index + 1 })}
                  required
                  withAsterisk
                  {...form.getInputProps(`tiers.${index}.fromCents`)}
                />
                <PercentInput
                  label={t('resources.promotions.tierBonus', { n: index + 1 })}
                  required
                  withAsterisk
                  {...form.getInputProps(`tiers.${index}.bonusPercent`)}
                />
              </SimpleGrid>
              <ActionIcon
                mt={26}
                size="input-sm"
                variant="default"
                aria-label={t('resources.promotions.removeTier', { n: index + 1 })}
                disabled={readOnly || values.tiers.length === 1}
                onClick={() => form.removeListItem('tiers', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {form.errors.tiers && (
            <Text size="sm" c="red.8">
              {form.errors.tiers}
            </Text>
          )}
          {!readOnly && values.tiers.length < MAX_TIERS && (
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => form.insertListItem('tiers', newTier())}
              >
                {t('resources.promotions.addTier')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Stack>
          <MultiReferenceSelect<Device>
            api={devicesApi}
            label={t(f('devices'))}
            required
            withAsterisk
            baseQuery={ofCompany}
            {...form.getInputProps('devices')}
            value={values.devices}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyInput
              label={t(f('priceCents'))}
              description={t('resources.promotions.priceHint')}
              required
              withAsterisk
              {...form.getInputProps('priceCents')}
            />
            <TextInput
              label={t(f('hoursFrom'))}
              description={t('resources.promotions.hoursHint')}
              placeholder="HH:mm"
              required
              withAsterisk
              maxLength={5}
              autoComplete="off"
              {...form.getInputProps('hoursFrom')}
            />
            <TextInput
              label={t(f('hoursTo'))}
              description={t('resources.promotions.hoursToHint')}
              placeholder="HH:mm"
              required
              withAsterisk
              maxLength={5}
              autoComplete="off"
              {...form.getInputProps('hoursTo')}
            />
          </SimpleGrid>
          <Checkbox.Group label={t(f('weekdays'))} required withAsterisk {...form.getInputProps('weekdays')}>
            <Group mt="xs" gap="md">
              {WEEKDAYS.map((day) => (
                <Checkbox key={day} value={String(day)} label={t(`resources.promotions.weekdays.${day}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        </Stack>
      )}
    </FormCard>
  );
}

export const PromotionNewPage = () => (
  <NewPage api={promotionsApi}>
    <PromotionForm />
  </NewPage>
);

export const PromotionEditPage = ({ id }: { id: number }) => (
  <EditPage api={promotionsApi} id={id}>
    {(promotion) => <PromotionForm key={promotion.id} promotion={promotion} />}
  </EditPage>
);
