import { type Device, mayWriteField, PLANOGRAM_MAX_SELECTIONS, PLANOGRAM_SELECTION_MAX_CHARS, type Planogram } from '@kovanica/contract';
import { ActionIcon, Box, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { serverFieldErrors } from '../../lib/forms.ts';
import { randomKey } from '../../lib/random-key.ts';
import { useSession } from '../../lib/session.ts';
import { articlesApi, planogramQuery, savePlanogram } from './api.ts';

const k = (key: string) => `resources.planograms.card.${key}`;

/** A selection as edited: its name and article (null: none picked yet), keyed for React. */
interface Row {
  key: string;
  selection: string;
  article: string | null;
}
const rowsOf = (p: Planogram): Row[] => p.selections.map((s) => ({ key: randomKey(), selection: s.selection, article: s.article }));

/**
 * The "Planogram" card of a device's page (docs/rules.md "Planograms and audit sales"): which article
 * each selection of the machine holds. Managers and admins edit it (rows of a selection and an article
 * picker) and save it whole; the others read it.
 */
export function PlanogramCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const role = useSession().accountInfo.role;
  const writable = role !== null && can('devices.update') && mayWriteField(role, 'devices', 'update', 'planogram', false);
  const queryClient = useQueryClient();
  const planogram = useQuery(planogramQuery(device.id));
  const [rows, setRows] = useState<Row[] | null>(null);
  const save = useMutation({
    mutationFn: (edited: Row[]) =>
      savePlanogram(device.id, { selections: edited.map((r) => ({ selection: r.selection.trim(), article: r.article ?? '' })) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(planogramQuery(device.id).queryKey, saved);
      setRows(null);
      notifications.show({ color: 'teal', message: t(k('saved')) });
    },
  });
  const title = t(k('title'));
  if (planogram.isError) {
    return (
      <Portlet title={title}>
        <FailureAlert error={planogram.error} />
      </Portlet>
    );
  }
  if (!planogram.data) {
    return (
      <Portlet title={title}>
        <Skeleton height={60} radius="sm" />
      </Portlet>
    );
  }
  const data = planogram.data;
  const editing = rows ?? rowsOf(data);
  const errors = serverFieldErrors(save.error);
  const otherError = save.error && Object.keys(errors).length === 0 ? save.error : null;
  const change = (index: number, patch: Partial<Row>) => setRows(editing.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const missing = editing.some((r) => !r.selection.trim() || r.article === null);

  if (!writable) {
    return (
      <Portlet title={title}>
        {data.selections.length === 0 ? (
          <Text c="dimmed">{t(k('empty'))}</Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.selections.map((s) => (
              <Text component="li" key={s.selection}>
                <Text span fw={700}>
                  {s.selection}
                </Text>{' '}
                → {s.articleName}
              </Text>
            ))}
          </Stack>
        )}
      </Portlet>
    );
  }
  return (
    <Portlet title={title}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(k('hint'))}
        </Text>
        {editing.length === 0 && <Text c="dimmed">{t(k('empty'))}</Text>}
        {editing.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t(k('selection'))}
              w={90}
              maxLength={PLANOGRAM_SELECTION_MAX_CHARS}
              value={row.selection}
              error={errors[`selections.${index}.selection`]}
              onChange={(event) => change(index, { selection: event.currentTarget.value })}
            />
            <ReferenceSelect
              api={articlesApi}
              baseQuery={{ company: device.company }}
              label={t(k('article'))}
              style={{ flex: 1, minWidth: 0 }}
              value={row.article}
              error={errors[`selections.${index}.article`]}
              onChange={(value) => change(index, { article: value ?? null })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={t(k('remove'), { selection: row.selection || index + 1 })}
              onClick={() => setRows(editing.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {otherError ? <FailureAlert error={otherError} /> : null}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={editing.length >= PLANOGRAM_MAX_SELECTIONS}
            onClick={() => setRows([...editing, { key: randomKey(), selection: '', article: null }])}
          >
            {t(k('add'))}
          </Button>
          <Button disabled={rows === null || missing} loading={save.isPending} onClick={() => save.mutate(editing)}>
            {t(k('save'))}
          </Button>
        </Group>
      </Stack>
    </Portlet>
  );
}

/** The card as a section of the device's page: a vending machine's only (the machines with audits of selections). */
export function PlanogramSection({ device }: { device: Device }) {
  if (device.group !== 'vending') return null;
  return (
    <Box mt="md">
      <PlanogramCard device={device} />
    </Box>
  );
}
