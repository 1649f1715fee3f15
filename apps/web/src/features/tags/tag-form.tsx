import { type Tag, tagCreate, tagPatch } from '@kovanica/contract';
import { ColorInput, ColorPicker, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { TagBadge } from '../../components/tag-badge.tsx';
import { useAccess } from '../../lib/access.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { tagsApi } from '../../lib/resources.ts';

interface Values {
  company: string | null;
  name: string;
  colour: string;
}

/** Colours offered as swatches; any other `#RRGGBB` can be typed or picked. */
const SWATCHES = [
  '#c92a2a',
  '#d9480f',
  '#e67700',
  '#2b8a3e',
  '#0b7285',
  '#1864ab',
  '#5f3dc4',
  '#a61e4d',
  '#495057',
  '#ffd43b',
  '#8ce99a',
  '#a5d8ff',
];

const toPatchInput = (v: Values) => ({ name: v.name, colour: v.colour.trim().toLowerCase() });
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });
const valuesOf = (tag?: Tag): Values => ({ company: tag?.company ?? null, name: tag?.name ?? '', colour: tag?.colour ?? '#1864ab' });

/** The one form of a tag, for new and edit: a name and a colour, with a preview of the badge. */
export function TagForm({ tag }: { tag?: Tag }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(tagsApi, {
    item: tag,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: tagCreate, toInput: toCreateInput },
    update: { schema: tagPatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;
  const readOnly = !can(isNew ? 'tags.create' : 'tags.update');
  const { name, colour } = form.getValues();

  return (
    <FormCard api={tagsApi} form={resourceForm} readOnly={readOnly}>
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

export const TagNewPage = () => (
  <NewPage api={tagsApi}>
    <TagForm />
  </NewPage>
);

export const TagEditPage = ({ id }: { id: number }) => (
  <EditPage api={tagsApi} id={id}>
    {(tag) => <TagForm key={tag.id} tag={tag} />}
  </EditPage>
);
