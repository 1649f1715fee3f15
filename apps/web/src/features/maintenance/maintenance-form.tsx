import {
  businessDate,
  iri,
  type Maintenance,
  type MaintenanceType,
  maintenanceCreate,
  maintenancePatch,
  maintenanceTypes,
  type User,
} from '@kovanica/contract';
import { Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/day-input.tsx';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { type SaveMutation, useResourceForm } from '../../lib/forms.ts';
import { useSession } from '../../lib/session.ts';
import { useCreateMaintenance, useUpdateMaintenance } from './api.ts';

const k = (key: string) => `resources.maintenance.${key}`;

interface Values {
  /** The device's IRI; null until one is picked (a new record without a given device). */
  device: string | null;
  /** `yyyy-MM-dd`. */
  date: string;
  type: MaintenanceType | null;
  description: string;
  /** Integer cents; null while the field is empty (a new record then costs nothing). */
  costCents: number | null;
  /** A user's IRI; empty means the user recording it. */
  performedBy: string | null;
}

/** The device a record is for, when the screen knows it (a device's own maintenance page, a picked filter). */
export interface MaintenanceDevice {
  '@id': string;
  name: string;
  company: string;
}

const userLabel = (u: User) => `${u.name} ${u.surname}`;

const valuesOf = (record: Maintenance | undefined): Values => ({
  device: record?.device ?? null,
  date: record?.date ?? businessDate(),
  type: record?.type ?? null,
  description: record?.description ?? '',
  costCents: record?.costCents ?? null,
  performedBy: record?.performedBy ?? null,
});

// Empty amounts and performers are left out of a new record: the server takes 0,00 € and the recorder.
const toCreateInput = (v: Values) => ({
  device: v.device,
  date: v.date,
  type: v.type,
  description: v.description,
  ...(v.costCents === null ? {} : { costCents: v.costCents }),
  ...(v.performedBy ? { performedBy: v.performedBy } : {}),
});

interface MaintenanceModalProps {
  opened: boolean;
  onClose: () => void;
  /** The record to edit; left out, a new one. */
  record?: Maintenance;
  /** A new record's device, fixed (a device's maintenance page). */
  device?: MaintenanceDevice;
  /** A new record's device to start from, still changeable (the device filter of the list). */
  initialDevice?: string | null;
}

/** The one create-and-edit form of a maintenance record, in a modal; the form is new each time it opens. */
export function MaintenanceModal({ opened, onClose, record, device, initialDevice }: MaintenanceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={record ? t(k('edit')) : t(k('new'))}
      centered
      size="lg"
      // The close button is an icon: it needs a name (axe: button-name).
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <MaintenanceForm key={record?.id ?? 'new'} record={record} device={device} initialDevice={initialDevice} onDone={onClose} />
    </Modal>
  );
}

function MaintenanceForm({
  record,
  device,
  initialDevice,
  onDone,
}: {
  record?: Maintenance;
  device?: MaintenanceDevice;
  initialDevice?: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { personalInfo } = useSession();
  const create = useCreateMaintenance();
  const update = useUpdateMaintenance(record?.id ?? 0);
  // The modal closes once an edit is saved (and the form is clean again).
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  const updateThenClose: SaveMutation<Maintenance, Parameters<typeof update.mutateAsync>[0]> = {
    isPending: update.isPending,
    mutateAsync: async (body) => {
      const answer = await update.mutateAsync(body);
      setSaved(true);
      return answer;
    },
  };

  /** A merge-patch of what changed; a performer taken away means the user saving it. */
  const toPatchInput = (v: Values, initial: Values): Record<string, unknown> => {
    const patch: Record<string, unknown> = {};
    if (v.date !== initial.date) patch.date = v.date;
    if (v.type !== initial.type) patch.type = v.type;
    if (v.description !== initial.description) patch.description = v.description;
    if (v.costCents !== initial.costCents) patch.costCents = v.costCents;
    if (v.performedBy !== initial.performedBy) {
      patch.performedBy = v.performedBy ?? (personalInfo.id === null ? null : iri('users', personalInfo.id));
    }
    return patch;
  };

  const { form, submit, failure, saving, unsaved, isNew } = useResourceForm({
    item: record,
    valuesOf,
    newValues: { device: device?.['@id'] ?? initialDevice ?? null },
    create: { schema: maintenanceCreate, toInput: toCreateInput, mutation: create },
    update: { schema: maintenancePatch, toInput: toPatchInput, mutation: updateThenClose },
    messages: { created: t(k('created')), saved: t(k('saved')) },
    onCreated: () => onDone(),
  });

  const values = form.getValues();
  const label = (field: string) => t(k(`fields.${field}`));
  // The performer is one of the device's company's users.
  const company = record?.company ?? device?.company;
  const fixedDeviceName = record?.deviceName ?? device?.name;

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={unsaved} />
      <Stack>
        {isNew && !device ? (
          <ReferenceSelect
            api={devicesApi}
            label={label('device')}
            required
            withAsterisk
            {...form.getInputProps('device')}
            value={values.device}
          />
        ) : (
          <Text>{t(k('forDevice'), { name: fixedDeviceName ?? '' })}</Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DayInput label={label('date')} required withAsterisk {...form.getInputProps('date')} value={values.date} />
          <Select
            label={label('type')}
            required
            withAsterisk
            allowDeselect={false}
            data={maintenanceTypes.map((type) => ({ value: type, label: t(k(`types.${type}`)) }))}
            {...form.getInputProps('type')}
          />
        </SimpleGrid>
        <Textarea
          label={label('description')}
          required
          withAsterisk
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyInput label={label('costCents')} description={t(k('costHint'))} {...form.getInputProps('costCents')} />
          {can('users.read') ? (
            <ReferenceSelect
              api={usersApi}
              label={label('performedBy')}
              description={t(k('performedByHint'))}
              placeholder={t(k('me'))}
              searchField="surname"
              optionLabel={userLabel}
              baseQuery={company ? { company } : undefined}
              clearable
              {...form.getInputProps('performedBy')}
              value={values.performedBy}
            />
          ) : (
            <div>
              <Text size="sm" fw={500}>
                {label('performedBy')}
              </Text>
              <Text size="sm">{record ? (record.performedByName ?? '–') : t(k('me'))}</Text>
            </div>
          )}
        </SimpleGrid>
        <ModalFormFooter failure={failure} saving={saving} submitLabel={isNew ? t(k('create')) : t(k('save'))} onCancel={onDone} />
      </Stack>
    </form>
  );
}
