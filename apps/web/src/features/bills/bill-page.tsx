import { type Bill, formatDateTime, formatMoney, parseIri } from '@kovanica/contract';
import { Alert, Anchor, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistorySection } from '../../components/audit-history.tsx';
import { dash } from '../../components/data-table/cells.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { WarningAlert } from '../../components/warning-alert.tsx';
import { billAttemptsApi } from '../../lib/apis/bill-attempts.ts';
import { billsApi } from '../../lib/apis/bills.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { BillAttempts } from './bill-attempts.tsx';
import { billErrorText } from './bill-errors.ts';
import classes from './bill-page.module.css';
import { billQrUrl } from './bill-qr.ts';
import { BillQrCode } from './bill-qr-code.tsx';
import { StornoButton } from './bill-storno.tsx';
import { formatBillTime } from './bill-time.ts';
import { deadlineOf } from './deadline.ts';

const k = (key: string) => `billPage.${key}`;

function Fields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className={classes.list}>
      {rows.map(([label, value]) => (
        <div key={label} className={classes.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Another bill by its IRI, named by its number (the storno it cancels, the one that cancelled it). */
function BillLink({ iri }: { iri: string }) {
  const id = parseIri('bills', iri);
  const other = useQuery({ ...billsApi.detail(id ?? 0), enabled: id !== null });
  if (id === null) return dash;
  return (
    <Anchor renderRoot={(props) => <Link to="/bills/$id" params={{ id: String(id) }} {...props} />}>
      {other.data?.number ?? `#${id}`}
    </Anchor>
  );
}

/** A device's or location's name, linked to its page. */
function ItemLink({ iri, name, to }: { iri: string | null; name: string | null; to: '/devices/edit/$id' | '/locations/edit/$id' }) {
  const id = iri ? parseIri(to.startsWith('/devices') ? 'devices' : 'locations', iri) : null;
  if (id === null) return name ?? dash;
  return <Anchor renderRoot={(props) => <Link to={to} params={{ id: String(id) }} {...props} />}>{name ?? `#${id}`}</Anchor>;
}

/** What the bill says: number, kind, time, where, amount, VAT, payment, and the bills it is linked to. */
function BillDetails({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const f = (field: string) => t(k(`fields.${field}`));
  const rows: [string, ReactNode][] = [
    [f('number'), <strong key="n">{bill.number}</strong>],
    [f('kind'), t(k(`kinds.${bill.kind}`))],
    [f('issuedAt'), formatBillTime(bill.issuedAt)],
    [f('device'), <ItemLink key="d" iri={bill.device} name={bill.deviceName} to="/devices/edit/$id" />],
    [f('location'), <ItemLink key="l" iri={bill.location} name={bill.locationName} to="/locations/edit/$id" />],
    [f('premises'), bill.premises],
    [f('isu'), bill.isu],
    [f('oib'), bill.oib],
    [f('operatorOib'), bill.operatorOib],
    [
      f('total'),
      <Text key="a" span inherit fw={700} c={bill.totalCents < 0 ? 'red.9' : undefined}>
        {formatMoney(bill.totalCents)}
      </Text>,
    ],
  ];
  if (bill.inVatSystem && bill.vatRate !== null) {
    rows.push([f('vatRate'), `${bill.vatRate} %`]);
    rows.push([f('vatBase'), formatMoney(bill.vatBaseCents ?? 0)]);
    rows.push([f('vat'), formatMoney(bill.vatCents ?? 0)]);
  } else {
    rows.push([f('vat'), t(k('notInVat'))]);
  }
  rows.push([f('payment'), t(k(`payments.${bill.payment}`))]);
  if (bill.stornoOf) rows.push([f('stornoOf'), <BillLink key="s" iri={bill.stornoOf} />]);
  if (bill.cancelledBy) rows.push([f('cancelledBy'), <BillLink key="c" iri={bill.cancelledBy} />]);
  if (bill.note) rows.push([f('note'), bill.note]);
  return <Fields rows={rows} />;
}

/** The time left to deliver an unfiscalized bill (issue + 48 h), counting down; red once past the 24-hour alarm. */
function DeliveryCountdown({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: true });
  const left = deadlineOf(bill, now);
  const urgent = left.overdue || left.alarm;
  return (
    <Text span inherit fw={600} c={urgent ? 'red.9' : undefined}>
      {t(k(left.overdue ? 'overdue' : 'timeLeft'), { hours: left.hours, minutes: left.minutes })}
    </Text>
  );
}

/** Fiscalized (its JIR) or not (the sends so far, the last error, the deadline); the ZKI and the QR code. */
function Fiscalization({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const f = (field: string) => t(k(`fields.${field}`));
  const fiscalized = bill.status === 'fiscalized';
  const rows: [string, ReactNode][] = [
    [
      f('status'),
      <Badge key="s" color={fiscalized ? 'teal.9' : 'red.9'} variant="filled" tt="none" miw="max-content">
        {t(k(`status.${bill.status}`))}
      </Badge>,
    ],
    [
      f('jir'),
      bill.jir ? (
        <span key="j" className={classes.code}>
          {bill.jir}
        </span>
      ) : (
        t(k('noJir'))
      ),
    ],
  ];
  if (bill.fiscalizedAt) rows.push([f('fiscalizedAt'), formatBillTime(bill.fiscalizedAt)]);
  rows.push([
    f('zki'),
    <span key="z" className={classes.code}>
      {bill.zki}
    </span>,
  ]);
  rows.push([f('attempts'), String(bill.attempts)]);
  if (!fiscalized) {
    rows.push([f('lastError'), bill.lastError ? billErrorText(bill.lastError, t) : dash]);
    rows.push([
      f('deliverBy'),
      <Stack key="d" gap={0}>
        <span>{formatDateTime(bill.deliverBy)}</span>
        <DeliveryCountdown bill={bill} />
      </Stack>,
    ]);
  }
  return <Fields rows={rows} />;
}

/** "PDF receipt": pdfmake and the fonts load on the first click only. */
function ReceiptButton({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // The issuer's name and address, and the number of the bill a storno cancels: cached once read.
      const companyId = parseIri('companies', bill.company);
      const stornoOfId = bill.stornoOf ? parseIri('bills', bill.stornoOf) : null;
      const [module, company, stornoOf] = await Promise.all([
        import('./bill-pdf.ts'),
        companyId === null ? null : queryClient.fetchQuery(companiesApi.detail(companyId)).catch(() => null),
        stornoOfId === null ? null : queryClient.fetchQuery(billsApi.detail(stornoOfId)).catch(() => null),
      ]);
      const issuer = company ? { name: company.name, address: company.address, oib: company.oib } : null;
      await module.downloadReceipt(
        { bill, issuer, stornoOfNumber: stornoOf?.number ?? null, t: (key, values) => t(key, values) },
        `${t(k('receipt.fileStem'))}-${bill.number.replaceAll('/', '-')}`,
      );
    } catch (error) {
      console.error(error);
      notifications.show({ color: 'red', message: t(k('receipt.failed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} loading={busy} onClick={() => void download()}>
      {t(k('receipt.download'))}
    </Button>
  );
}

/** How often an unfiscalized bill's page reads it again, while it is open. */
const UNFISCALIZED_REFRESH_MS = 5_000;

/**
 * `/bills/$id`: everything of one bill (docs/rules.md "Bills and fiscalization"): what it says, its fiscalization with the QR code,
 * the PDF receipt, storno for who may issue bills, and every send to CIS with its XML.
 */
export function BillPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // An unfiscalized bill is being sent in the background (a storno's page opens before CIS answers):
  // read again until it is fiscalized, so the page shows the JIR without a reload.
  const { data: bill } = useSuspenseQuery({
    ...billsApi.detail(id),
    refetchInterval: (query) => (query.state.data?.status === 'unfiscalized' ? UNFISCALIZED_REFRESH_MS : false),
  });
  const fiscalized = bill.status === 'fiscalized';
  // Each send shows in the list of sends: read it again when the bill says it was sent again while
  // the page is open (not when it opens: the list has just been read).
  const attemptsSeen = useRef(bill.attempts);
  useEffect(() => {
    if (bill.attempts === attemptsSeen.current) return;
    attemptsSeen.current = bill.attempts;
    void queryClient.invalidateQueries({ queryKey: [billAttemptsApi.name] });
  }, [bill.attempts, queryClient]);
  return (
    <>
      <PageHeader
        title={t(k('title'), { number: bill.number })}
        subtitle={`${t(k(`kinds.${bill.kind}`))} · ${formatDateTime(bill.issuedAt)} · ${formatMoney(bill.totalCents)}`}
        actions={
          <Group gap="xs">
            <ReceiptButton bill={bill} />
            <StornoButton bill={bill} />
          </Group>
        }
      />
      <Stack>
        {!fiscalized && (
          <WarningAlert title={t(k('unfiscalizedTitle'))}>
            {t(k(bill.attempts === 0 ? 'sendingText' : 'unfiscalizedText'), { deadline: formatDateTime(bill.deliverBy) })}
          </WarningAlert>
        )}
        {bill.cancelledBy && (
          <Alert color="gray" variant="light" title={t(k('cancelledTitle'))}>
            <BillLink iri={bill.cancelledBy} />
          </Alert>
        )}
        <Grid gap="md" align="stretch">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Portlet title={t(k('details'))}>
              <BillDetails bill={bill} />
            </Portlet>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Portlet title={t(k('fiscalization'))}>
              <Stack>
                <Fiscalization bill={bill} />
                <BillQrCode url={billQrUrl(bill)} withJir={bill.jir !== null} />
              </Stack>
            </Portlet>
          </Grid.Col>
        </Grid>
        <BillAttempts bill={bill} />
        <AuditHistorySection resource="bills" id={bill.id} />
      </Stack>
    </>
  );
}
