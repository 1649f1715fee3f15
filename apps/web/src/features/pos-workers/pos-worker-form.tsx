import { type PosLocation, type PosWorker, posWorkerCreate, posWorkerPatch } from '@kovanica/contract';
import { PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { posWorkersApi } from '../../lib/apis/pos-workers.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { PinSection } from './pin-section.tsx';

interface Values {
  posLocation: string | null;
  name: string;
  surname: string;
  oib: string;
  active: boolean;
  /** Only on a new worker: later it is set from the worker's page. */
  pin: string;
}

/** The worker goes to their point of sale's company: no company to choose. */
const toPatchInput = (v: Values) => ({
  posLocation: v.posLocation ?? undefined,
  name: v.name,
  surname: v.surname,
  oib: v.oib.trim(),
  active: v.active,
});
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), pin: v.pin.trim() });

const valuesOf = (worker?: PosWorker): Values => ({
  posLocation: worker?.posLocation ?? null,
  name: worker?.name ?? '',
  surname: worker?.surname ?? '',
  oib: worker?.oib ?? '',
  active: worker?.active ?? true,
  pin: '',
});

const f = (field: string) => `resources.pos-workers.fields.${field}`;

/** The one form of a POS worker, for new and edit; a new worker gets their PIN here. */
export function PosWorkerForm({ worker }: { worker?: PosWorker }) {
  const { t } = useTranslation();
  const resourceForm = useItemForm(posWorkersApi, {
    item: worker,
    valuesOf,
    create: { schema: posWorkerCreate, toInput: toCreateInput },
    update: { schema: posWorkerPatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;
  const values = form.getValues();
  // Another point of sale must be of the same company (the server says so too).
  const ofCompany = worker ? { company: worker.company } : undefined;

  return (
    <FormCard api={posWorkersApi} form={resourceForm} maw={800}>
      <ReferenceSelect<PosLocation>
        api={posLocationsApi}
        label={t(f('posLocation'))}
        required
        withAsterisk
        baseQuery={ofCompany}
        {...form.getInputProps('posLocation')}
        value={values.posLocation}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t(f('name'))} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={t(f('surname'))} required withAsterisk autoComplete="off" {...form.getInputProps('surname')} />
        <TextInput
          label={t(f('oib'))}
          description={t('resources.pos-workers.oibHint')}
          required
          withAsterisk
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          {...form.getInputProps('oib')}
        />
        {isNew && (
          <PasswordInput
            label={t(f('pin'))}
            description={t('resources.pos-workers.pinHint')}
            required
            withAsterisk
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            {...form.getInputProps('pin')}
          />
        )}
      </SimpleGrid>
      <Switch
        label={t(f('active'))}
        description={t('resources.pos-workers.activeHint')}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </FormCard>
  );
}

export const PosWorkerNewPage = () => (
  <NewPage api={posWorkersApi}>
    <PosWorkerForm />
  </NewPage>
);

/** `/loyalty/pos-workers/edit/{id}`: the form and the PIN. */
export const PosWorkerEditPage = ({ id }: { id: number }) => (
  <EditPage api={posWorkersApi} id={id}>
    {(worker) => (
      <Stack>
        <PosWorkerForm key={worker.id} worker={worker} />
        <PinSection worker={worker} />
      </Stack>
    )}
  </EditPage>
);
