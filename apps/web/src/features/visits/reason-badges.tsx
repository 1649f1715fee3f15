import type { VisitReason } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, CellBadge, WARNING_COLOUR } from '../../components/data-table/cells.tsx';

/** Filled past the company's threshold, forecast full within days, an open alarm. */
const reasonColours: Record<VisitReason, BadgeColour> = { fill: 'blue.9', full_soon: WARNING_COLOUR, alarm: 'red.9' };

/** Why a device is on the day's proposal, as badges. */
export function ReasonBadges({ reasons }: { reasons: readonly VisitReason[] }) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {reasons.map((reason) => (
        <CellBadge key={reason} color={reasonColours[reason]} size="sm">
          {t(`resources.visits.reasonBadges.${reason}`)}
        </CellBadge>
      ))}
    </span>
  );
}
