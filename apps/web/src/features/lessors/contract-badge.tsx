import type { ContractState } from '@kovanica/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colours: Partial<Record<ContractState, string>> = { ending: 'orange.9', ended: 'red.9', future: 'gray.7' };

/**
 * Flags a contract that ends within 30 days, has ended, or has not started yet (domain §8); `block`
 * puts it on a line of its own (under the date in the lessors list).
 */
export function ContractBadge({ state, block = false }: { state: ContractState; block?: boolean }) {
  const { t } = useTranslation();
  const color = colours[state];
  if (!color) return null;
  return (
    <Badge
      color={color}
      variant="filled"
      size="sm"
      tt="none"
      display={block ? 'flex' : undefined}
      w={block ? 'max-content' : undefined}
      mt={block ? 4 : undefined}
      style={{ flexShrink: 0 }}
    >
      {t(`resources.lessors.contractStates.${state}`)}
    </Badge>
  );
}
