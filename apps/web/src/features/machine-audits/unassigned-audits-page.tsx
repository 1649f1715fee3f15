import type { MachineAudit } from '@kovanica/contract';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/index.ts';
import { DataTable } from '../../components/data-table/index.ts';
import { failureText } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { deviceLabel, devicesApi, machineAuditsApi, unassignedAuditsSource } from './api.ts';
import { auditFilters, OpenAuditLink, useAuditColumns } from './columns.tsx';

const k = (key: string) => `resources.machine-audits.${key}`;

/** The columns that say something of an audit with no device yet: no device, no span, no reconciliation. */
const UNASSIGNED_COLUMNS = new Set(['auditedAt', 'fileName', 'machineSerial', 'paidSales', 'receivedAt']);

/** An audit's device picker and its "Assign" (`PATCH {device}`); the audit leaves the list once assigned. */
function AssignCell({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate(machineAuditsApi);
  const [device, setDevice] = useState<string | null>(null);
  const assign = useMutation({
    mutationFn: (to: string) => machineAuditsApi.patch(audit.id, { device: to }),
    onSuccess: (saved) =>
      notifications.show({ color: 'teal', message: t(k('assign.done'), { name: audit.fileName, device: saved.deviceName ?? '' }) }),
    onError: (error) =>
      notifications.show({ color: 'red', title: t(k('assign.failed')), message: failureText(error, t('errors.genericText')) }),
    onSettled: () => invalidate(),
  });
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" style={{ minWidth: '15rem' }}>
      <ReferenceSelect
        api={devicesApi}
        optionLabel={deviceLabel}
        aria-label={t(k('assign.deviceFor'), { name: audit.fileName })}
        placeholder={t(k('assign.pick'))}
        value={device}
        onChange={setDevice}
        style={{ flex: 1, minWidth: 0 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        disabled={device === null}
        loading={assign.isPending}
        aria-label={t(k('assign.actionFor'), { name: audit.fileName })}
        onClick={() => device && assign.mutate(device)}
      >
        {t(k('assign.action'))}
      </Button>
    </Group>
  );
}

/**
 * `/machine-audits/unassigned`: the audits no device's serials matched, the last written first, each
 * with a device picker for who may assign them (`machine-audits.update`); assigned, an audit takes
 * its place in the device's history and its span and reconciliation are worked out.
 */
export function UnassignedAuditsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { accountInfo } = useSession();
  const all = useAuditColumns();
  const canAssign = access.can('machine-audits.update');
  const columns = useMemo((): Column<MachineAudit>[] => {
    const kept = all
      .filter((c) => UNASSIGNED_COLUMNS.has(c.key))
      // The file names the row on a phone's card, having no device.
      .map((c) =>
        c.key === 'fileName' ? { ...c, card: 'title' as const } : c.key === 'machineSerial' ? { ...c, card: 'subtitle' as const } : c,
      );
    if (!canAssign) return kept;
    return [
      ...kept,
      { key: 'assign', label: k('assign.column'), card: 'figure', render: (a) => <AssignCell audit={a} />, exportValue: () => null },
    ];
  }, [all, canAssign]);
  const title = t(k('unassigned.title'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('unassigned.subtitle'))} />
      <DataTable
        api={unassignedAuditsSource}
        columns={columns}
        filters={auditFilters.filter((f) => f.field !== 'device')}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'machine-audits-unassigned-all' : 'machine-audits-unassigned'}
        emptyText={t(k('unassigned.empty'))}
        rowActions={(a) => <OpenAuditLink audit={a} />}
      />
    </>
  );
}
