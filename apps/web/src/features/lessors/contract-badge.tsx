import type { ContractState } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, CellBadge, WARNING_COLOUR } from '../../components/data-table/cells.tsx';

const BLOCK = { display: 'flex', width: 'max-content', marginTop: 4 } as const;
const colours: Partial<Record<ContractState, BadgeColour>> = { ending: WARNING_COLOUR, ended: 'red.9', future: 'gray.7' };

/**
 * Flags a contract that ends within 30 days, has ended, or has not started yet (docs/rules.md "Money reports"); `block`
 * puts it on a line of its own (under the date in the lessors list).
 */
export function ContractBadge({ state, block = false }: { state: ContractState; block?: boolean }) {
  const { t } = useTranslation();
  const color = colours[state];
  if (!color) return null;
  return (
    <CellBadge color={color} size="sm" style={block ? BLOCK : undefined}>
      {t(`resources.lessors.contractStates.${state}`)}
    </CellBadge>
  );
}
