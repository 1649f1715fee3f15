import { type Device, formatCount, formatDate, formatDateTime, prizeStockItem } from '@kovanica/contract';
import { Alert, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { apiRequest } from '../../lib/api.ts';
import { movementsApi } from '../../lib/apis/movements.ts';
import { LOW_PRIZES, prizeLevel } from './prize-level.ts';

const k = (key: string) => `resources.devices.prizes.${key}`;

/** A prize device's prizes, keyed under the movements: booking or reversing a load refreshes it. */
const prizeStockQuery = (id: number) =>
  queryOptions({
    queryKey: [movementsApi.name, 'prize-stock', id] as const,
    queryFn: ({ signal }) => apiRequest(`/devices/${id}/prize-stock`, { schema: prizeStockItem, signal }),
  });

/**
 * The "Prizes" card of a prize device (`GET /devices/{id}/prize-stock`): loaded, paid out since the
 * first load, left — a warning when few are left or more were paid out than loaded — and the loads
 * per article. The page shows it only with the stock module and `movements.read`.
 */
export function PrizeStockCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const title = t(k('title'));
  const stock = useQuery(prizeStockQuery(device.id));
  if (stock.isError) {
    return (
      <Portlet title={title}>
        <FailureAlert error={stock.error} />
      </Portlet>
    );
  }
  if (!stock.data) {
    return (
      <Portlet title={title}>
        <Skeleton height={80} radius="sm" />
      </Portlet>
    );
  }
  const prizes = stock.data;
  const level = prizeLevel(prizes);
  const figures = [
    { key: 'loaded', value: prizes.loaded },
    { key: 'paidOut', value: prizes.paidOut },
    { key: 'left', value: prizes.left },
  ];
  const articlesTitle = t(k('perArticle'));
  return (
    <Portlet title={title}>
      <Stack gap="md">
        {level === 'none' ? (
          <Text c="dimmed">{t(k('never'))}</Text>
        ) : (
          <>
            <SimpleGrid component="dl" cols={{ base: 3 }} spacing="md" verticalSpacing="xs" m={0}>
              {figures.map((figure) => (
                <div key={figure.key}>
                  <Text component="dt" size="sm" c="dimmed">
                    {t(k(figure.key))}
                  </Text>
                  <Text
                    component="dd"
                    m={0}
                    fw={700}
                    size="lg"
                    c={figure.key === 'left' && level !== 'ok' ? (level === 'negative' ? 'red.9' : 'orange.9') : undefined}
                  >
                    {formatCount(figure.value)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            {(level === 'low' || level === 'negative') && (
              <Alert color={level === 'negative' ? 'red' : 'orange'} icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
                {level === 'negative' ? t(k('negative')) : t(k('low'), { count: LOW_PRIZES })}
              </Alert>
            )}
            {prizes.firstLoadAt && (
              <Text size="sm" c="dimmed">
                {t(k('since'), { date: formatDate(prizes.firstLoadAt) })}
              </Text>
            )}
            <Table.ScrollContainer minWidth={360} type="native" tabIndex={0} role="region" aria-label={articlesTitle}>
              <Table striped verticalSpacing="xs" aria-label={articlesTitle}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(k('article'))}</Table.Th>
                    <Table.Th ta="right">{t(k('loaded'))}</Table.Th>
                    <Table.Th>{t(k('lastLoadAt'))}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {prizes.articles.map((article) => (
                    <Table.Tr key={article.article}>
                      <Table.Td>{article.articleName}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {`${formatCount(article.loaded)} ${t(`resources.articles.units.${article.unit}`)}`}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{article.lastLoadAt ? formatDateTime(article.lastLoadAt) : '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Portlet>
  );
}
