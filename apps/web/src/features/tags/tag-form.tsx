import { type Tag, tagCreate, tagPatch } from '@kovanica/contract';
import { ColorInput, ColorPicker, DEFAULT_THEME, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { FormCard, formPages } from '../../components/resource-pages.tsx';
import { TagBadge } from '../../components/tag-badge.tsx';
import { tagsApi } from '../../lib/apis/tags.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';

interface Values {
  company: string | null;
  name: string;
  colour: string;
}

/** Mantine's dark shades (white text) and a few light ones (black text); any other `#RRGGBB` can be typed or picked. */
const hues = ['red', 'orange', 'yellow', 'green', 'cyan', 'blue', 'violet', 'pink'] as const;
const { colors } = DEFAULT_THEME;
const SWATCHES = [...hues.map((hue) => colors[hue][9]), colors.gray[7], colors.yellow[4], colors.green[3], colors.blue[2]];

const toPatchInput = (v: Values) => ({ name: v.name, colour: v.colour.trim().toLowerCase() });
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });
const valuesOf = (tag?: Tag): Values => ({ company: tag?.company ?? null, name: tag?.name ?? '', colour: tag?.colour ?? '#1864ab' });

/** The one form of a tag, for new and edit: a name and a colour, with a preview of the badge. */
export function TagForm({ item: tag }: { item?: Tag }) {
  const { t } = useTranslation();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(tagsApi, {
    item: tag,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: tagCreate, toInput: toCreateInput },
    update: { schema: tagPatch, toInput: toPatchInput },
  });
  const { form, isNew, readOnly } = resourceForm;
  const { name, colour } = form.getValues();

  return (
    <FormCard api={tagsApi} form={resourceForm}>
      {isNew && companyChoice.needed && <CompanyField label={t('resources.tags.fields.company')} {...form.getInputProps('company')} />}
      <TextInput
        label={t('resources.tags.fields.name')}
        required
        withAsterisk
        maxLength={60}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      {/*
        The picker is part of the form, not a dropdown: a dropdown opened on focus and stayed
        over the buttons below until the field was left.
      */}
      <ColorInput
        label={t('resources.tags.fields.colour')}
        description={t('resources.tags.colourHint')}
        required
        withAsterisk
        format="hex"
        withPicker={false}
        withEyeDropper={false}
        {...form.getInputProps('colour')}
      />
      {!readOnly && (
        <ColorPicker
          format="hex"
          // A colour half typed is not shown: the picker keeps the last whole one.
          value={colour}
          onChange={(picked) => form.setFieldValue('colour', picked)}
          swatches={SWATCHES}
          swatchesPerRow={6}
          saturationLabel={t('resources.tags.saturation')}
          hueLabel={t('resources.tags.hue')}
          mt={-4}
        />
      )}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('resources.tags.preview')}
        </Text>
        <TagBadge name={name.trim() || t('resources.tags.fields.name')} colour={colour} />
      </Group>
    </FormCard>
  );
}

export const tagPages = formPages(tagsApi, TagForm);
