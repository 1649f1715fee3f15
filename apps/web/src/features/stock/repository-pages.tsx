import { formatCount, formatMoney, type Repository } from '@kovanica/contract';
import { Box, Button, Skeleton, Table, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { EditPage, NewPage } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { repositoriesApi } from '../../lib/apis/repositories.ts';
import { repositoryStockQuery } from './api.ts';
import { MovementModal } from './movement-form.tsx';
import { MovementsTable } from './movements-table.tsx';
import { RepositoryForm } from './repository-form.tsx';

const k = (key: string) => `resources.repositories.${key}`;

export const RepositoryNewPage = () => (
  <NewPage api={repositoriesApi}>
    <RepositoryForm />
  </NewPage>
);

/**
 * `/articles/repositories/edit/{id}`: the form, what the repository holds and its movements; "Record
 * movement" for who books stock (workers too, who see the form read-only).
 */
export function RepositoryEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [moving, setMoving] = useState(false);
  return (
    <EditPage
      api={repositoriesApi}
      id={id}
      subtitle={(repository) => t(k(`types.${repository.type}`))}
      actions={(repository) =>
        can('movements.create') && (
          <>
            <Button leftSection={<IconArrowsExchange size={16} aria-hidden />} onClick={() => setMoving(true)}>
              {t('resources.movements.new')}
            </Button>
            <MovementModal opened={moving} onClose={() => setMoving(false)} repository={repository} />
          </>
        )
      }
    >
      {(repository) => (
        <>
          <RepositoryForm key={repository.id} item={repository} />
          <Box mt="md">
            <StockCard repository={repository} />
          </Box>
          {can('movements.read') && (
            <Box mt="md">
              <MovementsTable repository={repository['@id']} title={t('resources.movements.name')} />
            </Box>
          )}
        </>
      )}
    </EditPage>
  );
}

/** What the repository holds: each article above zero, its quantity, average purchase price and value. */
function StockCard({ repository }: { repository: Repository }) {
  const { t } = useTranslation();
  const title = t(k('stock'));
  const stock = useQuery(repositoryStockQuery(repository.id));
  const f = (field: string) => t(k(`stockFields.${field}`));
  let body: ReactNode;
  if (stock.isError) body = <FailureAlert error={stock.error} />;
  else if (!stock.data) body = <Skeleton height={80} radius="sm" />;
  else if (stock.data.member.length === 0) body = <Text c="dimmed">{t(k('stockEmpty'))}</Text>;
  else
    body = (
      // Focusable, so a keyboard user can scroll the table sideways on a narrow screen.
      <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={title}>
        <Table striped verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{f('article')}</Table.Th>
              <Table.Th ta="right">{f('quantity')}</Table.Th>
              <Table.Th ta="right">{f('averagePurchasePriceCents')}</Table.Th>
              <Table.Th ta="right">{f('valueCents')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stock.data.member.map((level) => (
              <Table.Tr key={level.article}>
                <Table.Td>{level.articleName}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {`${formatCount(level.quantity)} ${t(`resources.articles.units.${level.unit}`)}`}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {level.averagePurchasePriceCents === null ? '–' : formatMoney(level.averagePurchasePriceCents)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(level.valueCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t(k('stockTotal'))}</Table.Th>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatCount(stock.data.member.reduce((sum, level) => sum + level.quantity, 0))}
              </Table.Td>
              <Table.Td />
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(stock.data.member.reduce((sum, level) => sum + level.valueCents, 0))}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    );
  return <Portlet title={title}>{body}</Portlet>;
}
