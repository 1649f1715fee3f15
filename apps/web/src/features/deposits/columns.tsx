import { type Deposit, type DepositStatus, formatDate, formatDateTime, formatMoney, formatTime } from '@kovanica/contract';
import { Text } from '@mantine/core';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, below, CellBadge, dash, flagged, nowrap, strong, wrapName } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { exportMoney } from '../../lib/export/table.ts';

const f = (field: string) => `resources.deposits.fields.${field}`;

const money = (cents: number | null) => (cents === null ? dash : formatMoney(cents));
const count = (n: number | null) => (n === null ? dash : n);
const statusColours: Record<DepositStatus, BadgeColour> = { awaiting_count: 'gray.8', pending_verification: 'blue.9', verified: 'teal.9' };

/** Room between a cell's first line and what sits under it (a badge, a note). */
const UNDER = { marginTop: 4 } as const;

/** A note, two lines at most; the whole of it on hover (`title`). */
const note = (text: string, title = text, style?: CSSProperties) => (
  <Text size="sm" lineClamp={2} maw={240} title={title} style={style}>
    {text}
  </Text>
);

/** A deposit's status as a badge. */
export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return <CellBadge color={statusColours[status]}>{t(`resources.deposits.statuses.${status}`)}</CellBadge>;
}

/**
 * Where the "outside tolerance" badge goes: the tolerance weighs coins and tokens together, so it
 * stands by the coins unless only the tokens are off.
 */
const toleranceOn = (d: Deposit): 'coins' | 'tokens' | null =>
  !d.outsideTolerance ? null : d.differenceCoinsCents === 0 && d.differenceTokens !== 0 ? 'tokens' : 'coins';

export function useDepositColumns(): Column<Deposit>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    // A difference: red below zero, flagged where the deposit is outside the company's tolerance.
    const difference = (d: Deposit, which: 'coins' | 'tokens') => {
      const value = which === 'coins' ? d.differenceCoinsCents : d.differenceTokens;
      if (value === null) return dash;
      const shown = which === 'coins' ? formatMoney(value) : value > 0 ? `+${value}` : String(value);
      return (
        <>
          <div>{flagged(shown, value < 0)}</div>
          {toleranceOn(d) === which && (
            <CellBadge color="red.9" size="sm" style={UNDER}>
              {t('resources.deposits.outsideTolerance')}
            </CellBadge>
          )}
        </>
      );
    };
    const person = (name: string | null, at: string | null) =>
      name === null ? (
        dash
      ) : (
        <>
          {nowrap(name)}
          {at && below(nowrap(formatDateTime(at)))}
        </>
      );
    const status = (d: Deposit) => t(`resources.deposits.statuses.${d.status}`);
    const columns: Column<Deposit>[] = [
      // The device first, as the spec lists a deposit's fields: on a phone it stays in view beside the row's
      // actions, and narrower than a text column's 8rem its day does too (at 375 px the actions covered its end).
      {
        key: 'device',
        label: f('device'),
        phoneMinWidth: '6rem',
        render: (d) => strong(wrapName(d.deviceName)),
        exportValue: (d) => d.deviceName,
      },
      {
        key: 'at',
        label: f('at'),
        sortField: 'at',
        // The day over its time, leaving the room to the location, the list's longest text.
        render: (d) => (
          <>
            {nowrap(formatDate(d.at))}
            {below(formatTime(d.at))}
          </>
        ),
        exportValue: (d) => formatDateTime(d.at),
      },
      { key: 'location', label: f('location'), render: (d) => d.locationName ?? dash, exportValue: (d) => d.locationName },
      {
        key: 'reportedCoinsCents',
        label: f('reportedCoinsCents'),
        align: 'right',
        render: (d) => nowrap(formatMoney(d.reportedCoinsCents)),
        exportValue: (d) => exportMoney(d.reportedCoinsCents),
      },
      {
        key: 'depositCoinsCents',
        label: f('depositCoinsCents'),
        align: 'right',
        render: (d) => nowrap(money(d.depositCoinsCents)),
        exportValue: (d) => exportMoney(d.depositCoinsCents),
      },
      {
        key: 'differenceCoinsCents',
        label: f('differenceCoinsCents'),
        align: 'right',
        render: (d) => difference(d, 'coins'),
        exportValue: (d) => exportMoney(d.differenceCoinsCents),
      },
      {
        key: 'reportedTokens',
        label: f('reportedTokens'),
        align: 'right',
        defaultHidden: true,
        render: (d) => d.reportedTokens,
        exportValue: (d) => d.reportedTokens,
      },
      {
        key: 'depositTokens',
        label: f('depositTokens'),
        align: 'right',
        defaultHidden: true,
        render: (d) => count(d.depositTokens),
        exportValue: (d) => d.depositTokens,
      },
      {
        key: 'differenceTokens',
        label: f('differenceTokens'),
        align: 'right',
        defaultHidden: true,
        render: (d) => difference(d, 'tokens'),
        exportValue: (d) => d.differenceTokens,
      },
      {
        key: 'outsideTolerance',
        label: f('outsideTolerance'),
        defaultHidden: true,
        render: (d) => t(d.outsideTolerance ? 'dataTable.yes' : 'dataTable.no'),
        exportValue: (d) => t(d.outsideTolerance ? 'dataTable.yes' : 'dataTable.no'),
      },
      // The verifier's note under the verification it was given with (a tenth column did not fit at 1280 px);
      // a file has it in a column of its own.
      {
        key: 'status',
        label: f('status'),
        render: (d) => (
          <>
            <DepositStatusBadge status={d.status} />
            {d.verificationNote &&
              note(d.verificationNote, `${t('resources.deposits.fields.verificationNote')}: ${d.verificationNote}`, UNDER)}
          </>
        ),
        exportValue: status,
        exportAlso: [{ label: f('verificationNote'), exportValue: (d) => d.verificationNote }],
      },
      {
        key: 'reportedBy',
        label: f('reportedByName'),
        defaultHidden: true,
        render: (d) => person(d.reportedByName, d.reportedAt),
        exportValue: (d) => d.reportedByName,
      },
      {
        key: 'reportedAt',
        label: f('reportedAt'),
        defaultHidden: true,
        render: (d) => (d.reportedAt ? nowrap(formatDateTime(d.reportedAt)) : dash),
        exportValue: (d) => (d.reportedAt ? formatDateTime(d.reportedAt) : null),
      },
      {
        key: 'verifiedBy',
        label: f('verifiedByName'),
        defaultHidden: true,
        render: (d) => person(d.verifiedByName, d.verifiedAt),
        exportValue: (d) => d.verifiedByName,
      },
      {
        key: 'verifiedAt',
        label: f('verifiedAt'),
        defaultHidden: true,
        render: (d) => (d.verifiedAt ? nowrap(formatDateTime(d.verifiedAt)) : dash),
        exportValue: (d) => (d.verifiedAt ? formatDateTime(d.verifiedAt) : null),
      },
      // The worker's note as reported: verifying never writes over it (the verifier's is under the status).
      { key: 'note', label: f('note'), render: (d) => (d.note ? note(d.note) : dash), exportValue: (d) => d.note },
    ];
    return columns;
  }, [t]);
}
