import { formatDate, formatMoney, formatPercent } from '@kovanica/contract';
import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useMaxWidth } from '../../lib/screen.ts';
import { visitsApi } from './api.ts';
import classes from './visit-sheet.module.css';
import { formatKm } from './visit-stops.ts';

const route = getRouteApi('/_app/visits/sheet/$id');
const k = (key: string) => `resources.visits.${key}`;

/**
 * `/visits/sheet/$id`: a visit on paper — its stops in route order with the address and the cash
 * expected, an empty "Counted" column to write in, and the worker's and the receiver's signatures.
 * On screen a "Print" button; printed, the sheet alone (the layout's and `global.css`'s print rules).
 */
export function VisitSheetPage() {
  const { t, i18n } = useTranslation();
  const { id } = route.useLoaderData();
  const visit = useQuery(visitsApi.detail(id));
  const v = visit.data;
  // On a phone's screen the sheet fits its width: the fill moves under the device (the CSS), the rest
  // wraps between words. Printed, it is the full sheet whatever the screen.
  const phone = useMaxWidth('sm');
  return (
    <>
      <div data-no-print>
        <PageHeader
          title={t(k('sheet.title'))}
          actions={
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={!v}>
              {t(k('sheet.print'))}
            </Button>
          }
        />
      </div>
      {visit.isError && <FailureAlert error={visit.error} title={t(k('sheet.loadFailed'))} onRetry={() => void visit.refetch()} />}
      {!v && !visit.isError && <Skeleton height={320} radius="md" />}
      {v && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className={classes.sheet}>
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t(k('sheet.heading'), { day: formatDate(v.day) })}
            </Title>
            <Group gap="xl" className={classes.facts}>
              <Text>
                <strong>{t(k('worker'))}:</strong> {v.workerName ?? t(k('unassigned'))}
              </Text>
              <Text>
                <strong>{t(k('stops'))}:</strong> {v.stops.length}
              </Text>
              <Text>
                <strong>{t(k('expected'))}:</strong> {formatMoney(v.expectedCents)}
              </Text>
              <Text>
                <strong>{t(k('distance'))}:</strong> {formatKm(v.distanceMetres, i18n.language)}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={phone ? 0 : 560} type="native">
              <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={6} className={classes.table}>
                <caption className={classes.caption}>{t(k('sheet.caption'))}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" ta="right" className={classes.position}>
                      {t(k('position'))}
                    </Table.Th>
                    <Table.Th scope="col">{t(k('location'))}</Table.Th>
                    <Table.Th scope="col">{t(k('device'))}</Table.Th>
                    <Table.Th scope="col" ta="right" className={classes.fillColumn}>
                      {t(k('fill'))}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t(k('expected'))}
                    </Table.Th>
                    <Table.Th scope="col" className={classes.counted}>
                      {t(k('sheet.counted'))}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.stops.map((stop) => (
                    <Table.Tr key={stop.id ?? stop.device}>
                      <Table.Td ta="right">{stop.position}</Table.Td>
                      <Table.Td>
                        <strong>{stop.locationName ?? t(k('noLocation'))}</strong>
                        {stop.address && <div className={classes.address}>{stop.address}</div>}
                      </Table.Td>
                      <Table.Td>
                        {stop.deviceName}
                        {phone && stop.fillPercent !== null && (
                          <div className={classes.fillBelow}>{t(k('sheet.fillBelow'), { fill: formatPercent(stop.fillPercent) })}</div>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" className={`${classes.figure} ${classes.fillColumn}`}>
                        {stop.fillPercent === null ? '–' : formatPercent(stop.fillPercent)}
                      </Table.Td>
                      <Table.Td ta="right" className={classes.figure}>
                        {formatMoney(stop.expectedCents)}
                      </Table.Td>
                      <Table.Td className={classes.counted} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row" colSpan={3} ta="right">
                      {t(k('sheet.total'))}
                    </Table.Th>
                    <Table.Td className={classes.fillColumn} />
                    <Table.Td ta="right" className={classes.figure}>
                      <strong>{formatMoney(v.expectedCents)}</strong>
                    </Table.Td>
                    <Table.Td className={classes.counted} />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            <div className={classes.signatures}>
              <div className={classes.signature}>{t(k('sheet.workerSignature'))}</div>
              <div className={classes.signature}>{t(k('sheet.receiverSignature'))}</div>
            </div>
          </Stack>
        </Paper>
      )}
    </>
  );
}
