import { formatDate, formatTime, iri, type MachineAudit, parseIri } from '@kovanica/contract';
import { ActionIcon } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  below,
  CellBadge,
  code,
  dash,
  flagged,
  linkClass,
  nowrap,
  strong,
  WARNING_COLOUR,
  wrapName,
} from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { RowLink } from '../../components/list-actions.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { auditMoney, deviceLabel, devicesApi } from './api.ts';

const k = (key: string) => `resources.machine-audits.${key}`;
const UNDER = { marginTop: 4 } as const;

/** What the device's counters did since its previous audit: reset, or another machine in its place. */
export function SpanBadge({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const span = audit.sincePrevious;
  if (!span || (!span.reset && !span.replaced)) return null;
  const which = span.replaced ? 'replaced' : 'reset';
  return (
    <CellBadge color={WARNING_COLOUR} size="sm" title={t(k(`span.${which}Hint`))}>
      {t(k(`span.${which}`))}
    </CellBadge>
  );
}

/** The reconciliation's difference that matters most: telemetry's where there is one, else the count's. */
export const shownDifference = (audit: MachineAudit): number | null =>
  audit.reconciliation?.telemetryDifferenceCents ?? audit.reconciliation?.countedDifferenceCents ?? null;

/** The device an audit is of, a link to its page; "To assign" while it waits for one. */
export function deviceCell(audit: MachineAudit, t: TFunction) {
  const id = audit.device ? parseIri('devices', audit.device) : null;
  if (id === null) return <CellBadge color="gray.8">{t(k('toAssign'))}</CellBadge>;
  return (
    <RowLink to="/devices/edit/$id" id={id} className={linkClass}>
      {wrapName(audit.deviceName ?? `#${id}`)}
    </RowLink>
  );
}

function sinceCell(audit: MachineAudit, t: TFunction) {
  const span = audit.sincePrevious;
  if (!span) return <span title={t(k('firstAudit'))}>{dash}</span>;
  const value = span.counters.paidSalesCents;
  return (
    <>
      {value === null ? dash : nowrap(auditMoney(value, audit.currency))}
      {(span.reset || span.replaced) && (
        <div style={UNDER}>
          <SpanBadge audit={audit} />
        </div>
      )}
    </>
  );
}

function differenceCell(audit: MachineAudit, t: TFunction) {
  const value = shownDifference(audit);
  if (value === null) return dash;
  const beyond = audit.reconciliation?.beyondTolerance ?? false;
  return (
    <>
      {flagged(auditMoney(value, audit.currency), beyond)}
      {beyond && (
        <div style={UNDER}>
          <CellBadge color="red.9" size="sm">
            {t(k('beyondTolerance'))}
          </CellBadge>
        </div>
      )}
    </>
  );
}

/**
 * The columns of the audit lists: when it was written, whose it is, the file, the machine's serial,
 * its paid sales since it was initialised and since the device's previous audit, and how far that is
 * from what telemetry and the deposits say. On a phone (below 48em) each row is a card.
 */
export function useAuditColumns(): Column<MachineAudit>[] {
  const { t } = useTranslation();
  return useMemo(
    (): Column<MachineAudit>[] => [
      {
        key: 'auditedAt',
        label: k('fields.auditedAt'),
        sortField: 'auditedAt',
        card: 'figure',
        render: (a) => (
          <>
            {nowrap(formatDate(a.auditedAt))}
            {below(formatTime(a.auditedAt))}
          </>
        ),
        exportValue: (a) => a.auditedAt,
      },
      {
        key: 'device',
        label: k('fields.device'),
        card: 'title',
        phoneMinWidth: '6rem',
        render: (a) => strong(deviceCell(a, t)),
        exportValue: (a) => a.deviceName,
      },
      {
        key: 'fileName',
        label: k('fields.fileName'),
        card: 'subtitle',
        render: (a) => (
          <RowLink to="/machine-audits/$id" id={a.id} className={linkClass}>
            {a.fileName}
          </RowLink>
        ),
        exportValue: (a) => a.fileName,
      },
      {
        key: 'machineSerial',
        label: k('fields.machineSerial'),
        render: (a) => code(a.machineSerial),
        exportValue: (a) => a.machineSerial,
      },
      {
        key: 'paidSales',
        label: k('fields.paidSales'),
        align: 'right',
        card: 'figure',
        render: (a) => (a.counters.paidSalesCents === null ? dash : nowrap(auditMoney(a.counters.paidSalesCents, a.currency))),
        exportValue: (a) => (a.counters.paidSalesCents === null ? null : a.counters.paidSalesCents / 100),
      },
      {
        key: 'sincePrevious',
        label: k('fields.sincePrevious'),
        align: 'right',
        card: 'figure',
        render: (a) => sinceCell(a, t),
        exportValue: (a) =>
          (a.sincePrevious?.counters.paidSalesCents ?? null) === null ? null : (a.sincePrevious?.counters.paidSalesCents ?? 0) / 100,
      },
      {
        key: 'difference',
        label: k('fields.difference'),
        align: 'right',
        card: 'figure',
        render: (a) => differenceCell(a, t),
        exportValue: (a) => {
          const value = shownDifference(a);
          return value === null ? null : value / 100;
        },
      },
      {
        key: 'receivedAt',
        label: k('fields.receivedAt'),
        sortField: 'receivedAt',
        defaultHidden: true,
        render: (a) => nowrap(`${formatDate(a.receivedAt)} ${formatTime(a.receivedAt)}`),
        exportValue: (a) => a.receivedAt,
      },
    ],
    [t],
  );
}

/** A relation filter takes an IRI; a plain id (a device page's link: `?device=8`) is read as one too. */
const asIri = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? iri('devices', Number(value)) : value);

/** The device, the file's name and the machine's serial. */
export const auditFilters: readonly Filter[] = [
  {
    field: 'device',
    label: k('fields.device'),
    kind: 'custom',
    render: ({ value, ...props }) => (
      <ReferenceSelect api={devicesApi} optionLabel={deviceLabel} clearable value={asIri(value)} {...props} />
    ),
  },
  { field: 'fileName', label: k('fields.fileName'), kind: 'text' },
  { field: 'machineSerial', label: k('fields.machineSerial'), kind: 'text' },
];

/** A row's way to its audit's page: an eye named after the file (the file's name is a link too). */
export function OpenAuditLink({ audit }: { audit: MachineAudit }) {
  const { t } = useTranslation();
  const label = t(k('openRow'), { name: audit.fileName });
  return (
    <RowTooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} renderRoot={(props) => <RowLink to="/machine-audits/$id" id={audit.id} {...props} />}>
        <IconEye size={18} aria-hidden />
      </ActionIcon>
    </RowTooltip>
  );
}
