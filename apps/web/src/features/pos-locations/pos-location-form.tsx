import { type PosLocation, type PosOwner, posLocationCreate, posLocationPatch } from '@kovanica/contract';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { posOwnersApi } from '../../lib/apis/pos-owners.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { TerminalKeySection } from './terminal-key-section.tsx';

interface Values {
  posOwner: string | null;
  name: string;
  address: string;
  premisesLabel: string;
  isu: string;
  active: boolean;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The point of sale goes to its owner's company: no company to choose. */
const toInput = (v: Values) => ({
  // Left out when not chosen, so the schema says "required".
  posOwner: v.posOwner ?? undefined,
  name: v.name,
  address: orNull(v.address),
  premisesLabel: v.premisesLabel.trim(),
  isu: v.isu.trim(),
  active: v.active,
});

const valuesOf = (location?: PosLocation): Values => ({
  posOwner: location?.posOwner ?? null,
  name: location?.name ?? '',
  address: location?.address ?? '',
  premisesLabel: location?.premisesLabel ?? '',
  isu: location?.isu ?? '',
  active: location?.active ?? true,
});

const f = (field: string) => `resources.pos-locations.fields.${field}`;

/** The one form of a point of sale, for new and edit: its owner, name, address and the fiscal names of its bills. */
export function PosLocationForm({ location }: { location?: PosLocation }) {
  const { t } = useTranslation();
  const resourceForm = useItemForm(posLocationsApi, {
    item: location,
    valuesOf,
    create: { schema: posLocationCreate, toInput },
    update: { schema: posLocationPatch, toInput },
  });
  const { form } = resourceForm;
  const values = form.getValues();
  // Another owner must be of the same company (the server says so too).
  const ofCompany = location ? { company: location.company } : undefined;

  return (
    <FormCard api={posLocationsApi} form={resourceForm} maw={800}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReferenceSelect<PosOwner>
          api={posOwnersApi}
          label={t(f('posOwner'))}
          required
          withAsterisk
          baseQuery={ofCompany}
          {...form.getInputProps('posOwner')}
          value={values.posOwner}
        />
        <TextInput label={t(f('name'))} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
      </SimpleGrid>
      <TextInput label={t(f('address'))} autoComplete="off" {...form.getInputProps('address')} />
      <Stack gap={4}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t(f('premisesLabel'))}
            description={t('resources.pos-locations.premisesHint')}
            required
            withAsterisk
            autoComplete="off"
            maxLength={20}
            {...form.getInputProps('premisesLabel')}
          />
          <TextInput
            label={t(f('isu'))}
            description={t('resources.pos-locations.isuHint')}
            required
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...form.getInputProps('isu')}
          />
        </SimpleGrid>
      </Stack>
      <Switch
        label={t(f('active'))}
        description={t('resources.pos-locations.activeHint')}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </FormCard>
  );
}

export const PosLocationNewPage = () => (
  <NewPage api={posLocationsApi}>
    <PosLocationForm />
  </NewPage>
);

/** `/loyalty/pos-locations/edit/{id}`: the form and the terminal's key. */
export const PosLocationEditPage = ({ id }: { id: number }) => (
  <EditPage api={posLocationsApi} id={id}>
    {(location) => (
      <Stack>
        <PosLocationForm key={location.id} location={location} />
        <TerminalKeySection location={location} />
      </Stack>
    )}
  </EditPage>
);
