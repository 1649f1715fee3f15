import { businessDate, type PromoAudienceName, type PromoBox, promoAudiences, promoBoxCreate, promoBoxPatch } from '@kovanica/contract';
import { ColorInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/day-input.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { promoBoxesApi } from '../../lib/apis/promo-boxes.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { PromoBoxPreview } from './promo-box-preview.tsx';

interface Values {
  owner: string | null;
  title: string;
  text: string;
  backgroundColor: string;
  textColor: string;
  buttonLabel: string;
  buttonLink: string;
  activeFrom: string;
  activeTo: string;
  audience: PromoAudienceName;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

const toInput = (v: Values) => ({
  owner: v.owner ?? undefined,
  title: v.title,
  text: orNull(v.text),
  backgroundColor: v.backgroundColor.trim(),
  textColor: v.textColor.trim(),
  buttonLabel: orNull(v.buttonLabel),
  buttonLink: orNull(v.buttonLink),
  activeFrom: v.activeFrom || undefined,
  activeTo: orNull(v.activeTo),
  audience: v.audience,
});

const valuesOf = (box?: PromoBox): Values => ({
  owner: box?.owner ?? null,
  title: box?.title ?? '',
  text: box?.text ?? '',
  backgroundColor: box?.backgroundColor ?? '#1864ab',
  textColor: box?.textColor ?? '#ffffff',
  buttonLabel: box?.buttonLabel ?? '',
  buttonLink: box?.buttonLink ?? '',
  // A new box is active from today (Zagreb's) unless the user picks another day.
  activeFrom: box?.activeFrom ?? businessDate(),
  activeTo: box?.activeTo ?? '',
  audience: box?.audience ?? 'all',
});

const f = (field: string) => `resources.promo-boxes.fields.${field}`;
/** A few pairs that read well, as swatches; any other `#RRGGBB` can be typed. */
const SWATCHES = ['#1864ab', '#c92a2a', '#2b8a3e', '#5f3dc4', '#e67700', '#212529', '#ffffff', '#fff3bf'];

/**
 * The one form of a promo box, for new and edit, beside a live preview of the box with its text's
 * contrast: what the card holders' app shows, to whom, from when, with an optional button.
 */
export function PromoBoxForm({ box }: { box?: PromoBox }) {
  const { t } = useTranslation();
  const resourceForm = useItemForm(promoBoxesApi, {
    item: box,
    valuesOf,
    create: { schema: promoBoxCreate, toInput },
    update: { schema: promoBoxPatch, toInput },
  });
  const { form } = resourceForm;
  const values = form.getValues();
  const color = (field: 'backgroundColor' | 'textColor') => (
    <ColorInput
      label={t(f(field))}
      required
      withAsterisk
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={8}
      withEyeDropper={false}
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormCard api={promoBoxesApi} form={resourceForm} maw={1000}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack>
          <ReferenceSelect
            api={loyaltyOwnersApi}
            label={t(f('owner'))}
            required
            withAsterisk
            {...form.getInputProps('owner')}
            value={values.owner}
          />
          <TextInput label={t(f('title'))} required withAsterisk maxLength={120} autoComplete="off" {...form.getInputProps('title')} />
          <Textarea label={t(f('text'))} autosize minRows={3} maxRows={8} maxLength={1000} {...form.getInputProps('text')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {color('backgroundColor')}
            {color('textColor')}
            <TextInput label={t(f('buttonLabel'))} maxLength={40} autoComplete="off" {...form.getInputProps('buttonLabel')} />
            <TextInput
              label={t(f('buttonLink'))}
              description={t('resources.promo-boxes.buttonLinkHint')}
              autoComplete="off"
              inputMode="url"
              {...form.getInputProps('buttonLink')}
            />
            <DayInput label={t(f('activeFrom'))} required withAsterisk {...form.getInputProps('activeFrom')} />
            <DayInput label={t(f('activeTo'))} {...form.getInputProps('activeTo')} />
          </SimpleGrid>
          <Select
            label={t(f('audience'))}
            description={t(`resources.promo-boxes.audienceHints.${values.audience}`)}
            data={promoAudiences.map((a) => ({ value: a, label: t(`resources.promo-boxes.audiences.${a}`) }))}
            allowDeselect={false}
            {...form.getInputProps('audience')}
          />
        </Stack>
        <PromoBoxPreview look={values} />
      </SimpleGrid>
    </FormCard>
  );
}

/** `/loyalty/users/promo-boxes/new`. */
export const PromoBoxNewPage = () => (
  <NewPage api={promoBoxesApi}>
    <PromoBoxForm />
  </NewPage>
);

/** `/loyalty/users/promo-boxes/edit/{id}`. */
export const PromoBoxEditPage = ({ id }: { id: number }) => (
  <EditPage api={promoBoxesApi} id={id}>
    {(box) => <PromoBoxForm key={box.id} box={box} />}
  </EditPage>
);
