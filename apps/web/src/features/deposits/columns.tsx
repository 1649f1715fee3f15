import {
  type Deposit,
  type DepositStatus,
  depositFieldsDescription,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
} from '@kovanica/contract';
import { Text } from '@mantine/core';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, below, CellBadge, dash, flagged, nowrap, strong, wrapName } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns } from '../../components/data-table/index.ts';

const money = (cents: number | null) => (cents === null ? dash : formatMoney(cents));
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

/**
 * The columns of the deposit list, as the contract describes them (`depositFieldsDescription`), with the
 * cells their kind cannot draw: the differences, the status with the verifier's note, who reported and
 * verified it, the notes.
 */
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
    return describedColumns<Deposit>(depositFieldsDescription, t, {
      // The device first, as the spec lists a deposit's fields: on a phone it stays in view beside the row's
      // actions, and narrower than a text column's 8rem its day does too (at 375 px the actions covered its end).
      deviceName: { phoneMinWidth: '6rem', render: (d) => strong(wrapName(d.deviceName)), card: 'title' },
      locationName: { card: 'subtitle' },
      // The day over its time, leaving the room to the location, the list's longest text.
      at: {
        card: 'figure',
        render: (d) => (
          <>
            {nowrap(formatDate(d.at))}
            {below(formatTime(d.at))}
          </>
        ),
      },
      // A phone's card (below 48em): what was reported beside what was counted, and the difference.
      reportedCoinsCents: { render: (d) => nowrap(formatMoney(d.reportedCoinsCents)), card: 'figure' },
      depositCoinsCents: { render: (d) => nowrap(money(d.depositCoinsCents)), card: 'figure' },
      differenceCoinsCents: { render: (d) => difference(d, 'coins'), card: 'figure' },
      differenceTokens: { render: (d) => difference(d, 'tokens') },
      // The verifier's note under the verification it was given with (a tenth column did not fit at 1280 px);
      // a file has it in a column of its own.
      status: {
        card: 'badge',
        render: (d) => (
          <>
            <DepositStatusBadge status={d.status} />
            {d.verificationNote &&
              note(d.verificationNote, `${t('resources.deposits.fields.verificationNote')}: ${d.verificationNote}`, UNDER)}
          </>
        ),
        exportAlso: [{ label: 'resources.deposits.fields.verificationNote', exportValue: (d) => d.verificationNote }],
      },
      reportedByName: { render: (d) => person(d.reportedByName, d.reportedAt) },
      reportedAt: { render: (d) => (d.reportedAt ? nowrap(formatDateTime(d.reportedAt)) : dash) },
      verifiedByName: { render: (d) => person(d.verifiedByName, d.verifiedAt) },
      verifiedAt: { render: (d) => (d.verifiedAt ? nowrap(formatDateTime(d.verifiedAt)) : dash) },
      // The worker's note as reported: verifying never writes over it (the verifier's is under the status).
      note: { render: (d) => (d.note ? note(d.note) : dash) },
    });
  }, [t]);
}
