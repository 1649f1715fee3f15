import {
  type Device,
  type DeviceBulkAction,
  type DeviceBulkAnswer,
  type DeviceBulkRequest,
  deviceBulkActions,
  deviceBulkAnswer,
  deviceBulkPermissions,
  deviceBulkRequest,
  parseIri,
  sendsCommand,
  validationMessage,
} from '@kovanica/contract';
import { Badge, Button, Group, List, Menu, Modal, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChevronDown, IconListCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { tagsApi } from '../../lib/apis/tags.ts';
import { type FieldErrors, schemaValidator } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import type { DetailOptions } from '../../lib/resource-api.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';

const k = (key: string) => `resources.devices.bulk.${key}`;

/** The actions the caller's role may apply: each needs its single action's permission. */
export function useBulkActions(): DeviceBulkAction[] {
  const access = useAccess();
  return deviceBulkActions.filter((action) => access.can(deviceBulkPermissions[action]));
}

/**
 * The toolbar's "Bulk actions" menu for the selected devices, with the count; each action opens the
 * dialog that asks its fields, confirms with the count and shows each device's result.
 */
export function DeviceBulkMenu({ selected, actions }: { selected: Device[]; actions: DeviceBulkAction[] }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<DeviceBulkAction | null>(null);
  // The devices the dialog is about stay as they were when it opened (the list reloads under it).
  const [devices, setDevices] = useState<Device[]>([]);
  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconListCheck size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={selected.length === 0}
          >
            {t(k('menu'))}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((a) => (
            <Menu.Item
              key={a}
              onClick={() => {
                setDevices(selected);
                setAction(a);
              }}
            >
              {t(k(`actions.${a}`))}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Text size="sm" c="dimmed" aria-live="polite">
        {selected.length > 0 && t(k('selectedCount'), { count: selected.length })}
      </Text>
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? t(k(`actions.${action}`)) : ''}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {action && <BulkForm action={action} devices={devices} onDone={() => setAction(null)} />}
      </Modal>
    </Group>
  );
}

interface Values {
  tag: string | null;
  location: string | null;
  /** Service mode: on (true) or off. */
  on: boolean;
  reason: string;
}

/** The request body of the action from the form's values. */
function toRequest(action: DeviceBulkAction, devices: readonly Device[], values: Values): unknown {
  const iris = devices.map((d) => d['@id']);
  switch (action) {
    case 'tag':
    case 'untag':
      return { action, devices: iris, tag: values.tag ?? '' };
    case 'move':
      return { action, devices: iris, location: values.location };
    case 'free_ride':
    case 'reset':
      return { action, devices: iris, reason: values.reason };
    case 'service_mode':
      return { action, devices: iris, on: values.on, reason: values.reason };
  }
}

/** The name of the chosen tag or location, for the question. */
function useChosenName<T extends { name: string }>(
  value: string | null,
  api: { detail: (id: number) => DetailOptions<T> },
  collection: string,
) {
  const id = value ? parseIri(collection, value) : null;
  const query = useQuery({ ...api.detail(id ?? 0), enabled: id !== null });
  return id === null ? null : (query.data?.name ?? '…');
}

type Step = 'fields' | 'confirm';

function BulkForm({ action, devices, onDone }: { action: DeviceBulkAction; devices: Device[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('fields');
  const [answer, setAnswer] = useState<DeviceBulkAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invalidate = useInvalidate({ name: sendsCommand(action) ? 'commands' : 'devices' });
  const invalidateDevices = useInvalidate({ name: 'devices' });
  const apply = useMutation({
    mutationFn: (body: DeviceBulkRequest) => apiRequest('/devices/bulk', { method: 'POST', body, schema: deviceBulkAnswer }),
    onSettled: async () => {
      await invalidate();
      await invalidateDevices();
    },
  });
  const validateBody = schemaValidator<Values>(deviceBulkRequest, currentLanguage, (values) => toRequest(action, devices, values));
  const form = useForm<Values>({
    initialValues: { tag: null, location: null, on: true, reason: '' },
    validate: (values): FieldErrors => {
      const errors = validateBody(values);
      if ((action === 'tag' || action === 'untag') && !values.tag) errors.tag = validationMessage(currentLanguage(), 'required');
      return errors;
    },
  });
  const values = form.getValues();
  const tagName = useChosenName(values.tag, tagsApi, 'tags');
  const locationName = useChosenName(values.location, locationsApi, 'locations');

  if (answer) return <BulkResults answer={answer} devices={devices} onDone={onDone} />;

  const count = devices.length;
  const question =
    action === 'tag' || action === 'untag'
      ? t(k(`confirm.${action}`), { count, name: tagName })
      : action === 'move'
        ? values.location
          ? t(k('confirm.move'), { count, name: locationName })
          : t(k('confirm.moveAway'), { count })
        : action === 'service_mode'
          ? t(k(values.on ? 'confirm.serviceModeOn' : 'confirm.serviceModeOff'), { count })
          : t(k(`confirm.${action}`), { count });

  const submit = form.onSubmit(async (submitted) => {
    if (step === 'fields') {
      setStep('confirm');
      return;
    }
    setFailure(null);
    try {
      setAnswer(await apply.mutateAsync(deviceBulkRequest.parse(toRequest(action, devices, submitted))));
    } catch (error) {
      setFailure(failureText(error, t('errors.genericText')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {step === 'fields' ? (
          <>
            {(action === 'tag' || action === 'untag') && (
              <ReferenceSelect
                api={tagsApi}
                label={t(k('fields.tag'))}
                required
                withAsterisk
                data-autofocus
                {...form.getInputProps('tag')}
                value={values.tag}
              />
            )}
            {action === 'move' && (
              <ReferenceSelect
                api={locationsApi}
                label={t(k('fields.location'))}
                description={t(k('fields.locationHint'))}
                clearable
                data-autofocus
                {...form.getInputProps('location')}
                value={values.location}
              />
            )}
            {action === 'service_mode' && (
              <SegmentedControl
                aria-label={t(k('fields.serviceMode'))}
                data={[
                  { value: 'on', label: t(k('fields.serviceModeOn')) },
                  { value: 'off', label: t(k('fields.serviceModeOff')) },
                ]}
                value={values.on ? 'on' : 'off'}
                onChange={(value) => form.setFieldValue('on', value === 'on')}
              />
            )}
            {sendsCommand(action) && (
              <Textarea
                label={t(k('fields.reason'))}
                description={t(k('fields.reasonHint'))}
                required
                withAsterisk
                autosize
                minRows={2}
                maxLength={300}
                data-autofocus
                {...form.getInputProps('reason')}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onDone}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t(k('next'))}</Button>
            </Group>
          </>
        ) : (
          <>
            <Text fw={600}>{question}</Text>
            <List size="sm" spacing={2} aria-label={t(k('devicesList'))}>
              {devices.map((d) => (
                <List.Item key={d['@id']}>{d.name}</List.Item>
              ))}
            </List>
            {failure && <FailureAlert>{failure}</FailureAlert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('fields')} disabled={apply.isPending}>
                {t(k('back'))}
              </Button>
              <Button type="submit" loading={apply.isPending} data-autofocus>
                {t(k('submit'))}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

/** Each device's outcome: done, or refused with the server's reason in the user's language. */
function BulkResults({ answer, devices, onDone }: { answer: DeviceBulkAnswer; devices: Device[]; onDone: () => void }) {
  const { t } = useTranslation();
  const names = new Map(devices.map((d) => [d['@id'], d.name]));
  return (
    <Stack>
      <Text fw={600} role="status">
        {t(k('summary'), { done: answer.done, refused: answer.refused })}
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table striped aria-label={t(k('resultsTable'))}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(k('columns.device'))}</Table.Th>
              <Table.Th>{t(k('columns.result'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.results.map((r) => (
              <Table.Tr key={r.device}>
                <Table.Td>{names.get(r.device) ?? r.device}</Table.Td>
                <Table.Td>
                  {r.ok ? (
                    <Badge color="teal.9" variant="filled" tt="none" miw="max-content">
                      {t(k('done'))}
                    </Badge>
                  ) : (
                    <Stack gap={2} align="flex-start">
                      <Badge color="red.9" variant="filled" tt="none" miw="max-content">
                        {t(k('refused'))}
                      </Badge>
                      <Text size="sm">{r.problem?.message}</Text>
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t(k('close'))}
        </Button>
      </Group>
    </Stack>
  );
}
