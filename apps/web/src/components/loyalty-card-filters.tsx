import { type CardStatus, cardStatuses } from '@kovanica/contract';
import { Select } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { loyaltyOwnersApi } from '../lib/apis/loyalty-owners.ts';
import type { View } from '../lib/view.ts';
import { referenceName } from './data-table/use-export.ts';
import { ReferenceSelect } from './reference-select.tsx';

/** What the loyalty reports are narrowed to beside their range: a loyalty owner's cards, and the card report's status and flag. */
export interface LoyaltyCardFilterValue {
  owner?: string | undefined;
  status?: CardStatus | undefined;
  flagged?: 'true' | 'false' | undefined;
}

interface LoyaltyCardFiltersProps {
  view: View;
  /** The All Companies view's chosen company: the owners offered are its own. */
  company?: string | undefined;
  value: LoyaltyCardFilterValue;
  /** The card report's status and "needs a look" pickers too. */
  cardFilters?: boolean | undefined;
  onChange: (patch: LoyaltyCardFilterValue) => void;
}

/**
 * The filters of `LoyaltyCardFilters` in the user's words (`Loyalty owner`, `Kino Zagreb`), for the
 * lines of what a loyalty report's file holds (decision 0042): the owner by name, the status and flag
 * as their pickers say them.
 */
export async function loyaltyCardScope(value: LoyaltyCardFilterValue, t: TFunction): Promise<{ label: string; value: string }[]> {
  const f = (field: string) => `resources.loyalty-reports.fields.${field}`;
  const lines: { label: string; value: string }[] = [];
  if (value.owner) lines.push({ label: t(f('owner')), value: await referenceName(value.owner) });
  if (value.status) lines.push({ label: t(f('status')), value: t(`resources.loyalty-cards.statuses.${value.status}`) });
  if (value.flagged)
    lines.push({
      label: t(f('flagged')),
      value: t(value.flagged === 'true' ? 'resources.loyalty-reports.flaggedYes' : 'resources.loyalty-reports.flaggedNo'),
    });
  return lines;
}

/** The owner picker of the loyalty reports (their screens and their exports), and the card report's status and flag. */
export function LoyaltyCardFilters({ view, company, value, cardFilters, onChange }: LoyaltyCardFiltersProps) {
  const { t } = useTranslation();
  const f = (field: string) => `resources.loyalty-reports.fields.${field}`;
  return (
    <>
      <ReferenceSelect
        api={loyaltyOwnersApi}
        baseQuery={view === 'all' && company ? { company } : {}}
        label={t(f('owner'))}
        placeholder={t('dataTable.any')}
        clearable
        value={value.owner ?? null}
        onChange={(v) => onChange({ owner: v ?? undefined })}
      />
      {cardFilters && (
        <>
          <Select
            label={t(f('status'))}
            placeholder={t('dataTable.any')}
            clearable
            data={cardStatuses.map((s) => ({ value: s, label: t(`resources.loyalty-cards.statuses.${s}`) }))}
            value={value.status ?? null}
            onChange={(v) => onChange({ status: cardStatuses.find((s) => s === v) })}
          />
          <Select
            label={t(f('flagged'))}
            placeholder={t('dataTable.any')}
            clearable
            data={[
              { value: 'true', label: t('resources.loyalty-reports.flaggedYes') },
              { value: 'false', label: t('resources.loyalty-reports.flaggedNo') },
            ]}
            value={value.flagged ?? null}
            onChange={(v) => onChange({ flagged: v === 'true' || v === 'false' ? v : undefined })}
          />
        </>
      )}
    </>
  );
}
