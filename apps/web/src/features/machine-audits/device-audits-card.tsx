import { type Device, formatDateTime } from '@kovanica/contract';
import { Anchor, Box, Divider, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { auditMoney, machineAuditsApi } from './api.ts';
import { SpanBadge } from './columns.tsx';
import { AuditUpload } from './upload-audits.tsx';

const k = (key: string) => `resources.machine-audits.${key}`;
/** How many of the device's audits its page lists; the rest are on the list, filtered to it. */
const LATEST = 5;

/** The device's latest audits, each a link to its page, or why there are none. */
function LatestAudits({ device }: { device: Device }) {
  const { t } = useTranslation();
  const latest = useQuery(machineAuditsApi.list({ device: device['@id'], itemsPerPage: LATEST }));
  const title = t(k('device.latest'));
  if (latest.isError) return <FailureAlert error={latest.error} onRetry={() => void latest.refetch()} />;
  if (!latest.data) return <Skeleton height={60} radius="sm" />;
  const audits = latest.data.member;
  if (audits.length === 0) return <Text size="sm">{t(k('device.none'))}</Text>;
  return (
    <Table.ScrollContainer minWidth={0} type="native" tabIndex={0} role="region" aria-label={title}>
      <Table striped verticalSpacing="xs" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(k('fields.auditedAt'))}</Table.Th>
            <Table.Th ta="right">{t(k('fields.paidSales'))}</Table.Th>
            <Table.Th ta="right">{t(k('fields.sincePrevious'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audits.map((audit) => (
            <Table.Tr key={audit.id}>
              <Table.Td>
                <Anchor
                  size="sm"
                  renderRoot={(props) => <Link to="/machine-audits/$id" params={{ id: String(audit.id) }} {...props} />}
                  aria-label={t(k('device.openAudit'), { at: formatDateTime(audit.auditedAt), name: audit.fileName })}
                >
                  {formatDateTime(audit.auditedAt)}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {audit.counters.paidSalesCents === null ? '–' : auditMoney(audit.counters.paidSalesCents, audit.currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {audit.sincePrevious?.counters.paidSalesCents == null
                  ? '–'
                  : auditMoney(audit.sincePrevious.counters.paidSalesCents, audit.currency)}{' '}
                <SpanBadge audit={audit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The "Machine audits" card of a device's page: its latest audits and, for who may create audits,
 * the upload of one file read out of this machine (sent with the device, whatever its serials say).
 * The page shows it to who may read audits, with the devices module on.
 */
export function DeviceAuditsCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const access = useAccess();
  return (
    <Portlet title={t(k('device.title'))}>
      <Stack gap="sm">
        <LatestAudits device={device} />
        <Anchor size="sm" renderRoot={(props) => <Link to="/machine-audits/list" search={{ device: device.id }} {...props} />}>
          {t(k('device.all'))}
        </Anchor>
        {access.mayUse('machine-audits', 'create') && (
          <>
            <Divider />
            <AuditUpload device={device['@id']} multiple={false} />
          </>
        )}
      </Stack>
    </Portlet>
  );
}

/** The card under a device's page's other cards, for who may read audits with the devices module on; nothing for others. */
export function DeviceAuditsSection({ device }: { device: Device }) {
  const access = useAccess();
  if (!access.mayUse('machine-audits', 'read')) return null;
  return (
    <Box mt="md">
      <DeviceAuditsCard device={device} />
    </Box>
  );
}
