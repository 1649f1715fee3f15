import { type Tag, tagCreate, tagPatch } from '@kovanica/contract';
import { Button, ColorInput, ColorPicker, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { TagBadge } from '../../components/tag-badge.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useAccess } from '../../lib/access.ts';
import { useResourceForm } from '../../lib/forms.ts';
import { useCreateTag, useUpdateTag } from './api.ts';

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
  const navigate = useNavigate();
  const { can } = useAccess();
  const companyChoice = useCompanyChoice();
  const { form, submit, failure, saving, unsaved, isNew } = useResourceForm({
    item: tag,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: tagCreate, toInput: toCreateInput, mutation: useCreateTag() },
    update: { schema: tagPatch, toInput: toPatchInput, mutation: useUpdateTag(tag?.id ?? 0) },
    messages: { created: t('resources.tags.created'), saved: t('resources.tags.saved') },
    onCreated: (saved) => void navigate({ to: '/tags/edit/$id', params: { id: String(saved.id) }, ignoreBlocker: true }),
  });
  const readOnly = !can(isNew ? 'tags.create' : 'tags.update');
  const { name, colour } = form.getValues();

  return (
    <Portlet title={t('resources.tags.formTitle')}>
      <UnsavedChangesGuard dirty={unsaved} />
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack>
              {isNew && companyChoice.needed && (
                <CompanyField label={t('resources.tags.fields.company')} {...form.getInputProps('company')} />
              )}
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
            </Stack>
          </fieldset>
          <Group>
            {!readOnly && (
              <Button type="submit" loading={saving}>
                {isNew ? t('resources.tags.create') : t('resources.tags.save')}
              </Button>
            )}
            <Button variant="default" component={Link} to="/tags/list">
              {t('resources.tags.backToList')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Portlet>
  );
}
