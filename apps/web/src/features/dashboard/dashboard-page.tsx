import { type AlarmSummary, addDays, type DashboardFigures, formatDate, formatMoney, formatTime, parseIri } from '@kovanica/contract';
import { Anchor, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  IconAlarm,
  IconAlertTriangle,
  IconBuildingStore,
  IconCalendarMonth,
  IconCash,
  IconDeviceGamepad2,
  IconDevices,
  IconFlame,
  IconHistory,
  IconMapPin,
  IconTrendingDown,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { type ComponentType, memo, type ReactNode, useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoHistoryNotice } from '../../components/demo-history-notice.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { alarmSummaryQuery } from '../../lib/apis/alarms.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { figuresQuery, summaryQuery } from './api.ts';
import { cardStateKey, useCardState } from './card-state.ts';
import { daysUntil } from './dashboard-figures.ts';
import classes from './dashboard-page.module.css';
import { IndexFigures } from './index-figures.tsx';
import { ForecastPanel, TrafficPanel, usePreloadCharts } from './traffic-figures.tsx';

type FigureKey = 'users' | 'activeUsers' | 'companies' | 'locations' | 'devices';
type IconType = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

const figures: { key: FigureKey; icon: IconType }[] = [
  { key: 'users', icon: IconUsers },
  { key: 'activeUsers', icon: IconUserCheck },
  { key: 'companies', icon: IconBuildingStore },
  { key: 'locations', icon: IconMapPin },
  { key: 'devices', icon: IconDeviceGamepad2 },
];

/** The figures refresh while the page is open: the indexes are cut at the time of asking. */
const REFRESH_MS = 60_000;
const f = (key: string) => `dashboardFigures.${key}`;

/**
 * The dashboard (original §1, docs/rules.md "Money reports"): the company, what the open alarms lose
 * an hour, the counts of what is in view, and for those who may read revenue the indexes, the fleet's state, cash and revenue, traffic over 30 and 365 days, the
 * forecast and the contracts ending. Every card folds and closes; the browser remembers which.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { accountInfo, personalInfo } = useSession();
  const access = useAccess();
  const view = viewOf(accountInfo);
  const summary = useQuery(summaryQuery(view));
  const company = useQuery({ ...companiesApi.detail(accountInfo.company_id ?? 0), enabled: accountInfo.company_id !== null });
  // A worker (no `revenue.read`) or a company without the finance module would be refused: not asked.
  const mayReadMoney = access.can('revenue.read') && access.hasModule('finance');
  const figuresAnswer = useQuery({ ...figuresQuery(view), enabled: mayReadMoney, refetchInterval: REFRESH_MS });
  // The figures render in a transition when they arrive (React slices it): the query's own update is
  // synchronous, and the eight cards' bodies at once were a task of 60–90 ms (decision 0016).
  const data = useDeferredValue(figuresAnswer.data);
  const failed = mayReadMoney && figuresAnswer.isError && !data;
  // The money cards while their figures load or are on screen; a failure shows instead of empty cards.
  const money = mayReadMoney && !failed;
  usePreloadCharts(money);
  const cards = useCardState(cardStateKey(personalInfo.id));
  const modules = company.data?.activeModules ?? accountInfo.company_active_module ?? NO_MODULES;
  // Every role reads its view's alarms today; the gate stays, should one not. The bell asks the same.
  const mayReadAlarms = access.can('alarms.read');
  const alarms = useQuery({ ...alarmSummaryQuery(view), enabled: mayReadAlarms, refetchInterval: REFRESH_MS });

  /** A card as the user left it: closed cards are gone until "Show closed cards", folded ones stay folded. */
  const card = (key: string, title: string, body: ReactNode) =>
    !cards.isClosed(key) && (
      <Portlet
        key={key}
        title={title}
        onClose={() => cards.close(key)}
        expanded={!cards.isCollapsed(key)}
        onExpandedChange={(expanded) => cards.fold(key, !expanded)}
      >
        {body}
      </Portlet>
    );

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        subtitle={
          data
            ? `${t('dashboard.today', { date: formatDate(data.today) })} · ${t(f('asOf'), { time: formatTime(data.asOf) })}`
            : t('dashboard.today', { date: formatDate(new Date()) })
        }
        actions={
          cards.anyClosed && (
            <Button variant="default" onClick={cards.restore}>
              {t('dashboard.restoreCards')}
            </Button>
          )
        }
      />
      <DemoHistoryNotice />
      <Stack gap="lg">
        {failed && <FailureAlert title={t(f('loadFailed'))} error={figuresAnswer.error} onRetry={() => void figuresAnswer.refetch()} />}
        {card(
          'company',
          t('dashboard.company'),
          <CompanyDetails
            name={company.data?.name}
            oib={company.data?.oib ?? accountInfo.company_oib}
            allCompanies={accountInfo.isTopGun}
            modules={modules}
          />,
        )}
        {mayReadAlarms && card('alarms', t(f('alarms.title')), <AlarmFigures summary={alarms.data} />)}
        {money && card('indexes', t(f('indexes.title')), <IndexFigures indexes={data?.indexes} />)}
        {money && card('fleet', t(f('fleet.title')), <FleetFigures devices={data?.devices} />)}
        {money && card('money', t(f('money.title')), <MoneyFigures figures={data} />)}
        {card('figures', t('dashboard.figures'), <CountFigures summary={summary.data} />)}
        {money && card('traffic30', t(f('traffic.title30')), <TrafficPanel days={data?.traffic30} kind="bars" />)}
        {money && card('traffic365', t(f('traffic.title365')), <TrafficPanel days={data?.traffic365} kind="area" />)}
        {money && card('forecast', t(f('forecast.title')), <ForecastPanel forecast={data?.forecast} />)}
        {money && card('contracts', t(f('contracts.title')), <ContractsEnding figures={data} />)}
      </Stack>
    </>
  );
}

const NO_MODULES: readonly string[] = [];

// The cards' bodies are memoised: the page renders again whenever one of its queries answers (the
// company, the counts, the figures), and a card renders only when what it shows changes. On a phone's
// CPU each render of the whole page was a long task (decision 0016).
const CompanyDetails = memo(function CompanyDetails({
  name,
  oib,
  allCompanies,
  modules,
}: {
  /** Undefined while the company loads. */
  name: string | undefined;
  oib: string | null | undefined;
  allCompanies: boolean;
  modules: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {name !== undefined ? (
        <Text fw={600} size="lg">
          {name}
        </Text>
      ) : (
        // The height of the name's line (size lg), so the card does not grow when the name arrives.
        <Skeleton height="calc(var(--mantine-font-size-lg) * var(--mantine-line-height-lg))" width="40%" />
      )}
      <Group gap="xl">
        <Text size="sm">
          <Text span c="dimmed">
            {t('dashboard.oib')}:{' '}
          </Text>
          {oib}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {t('dashboard.view')}:{' '}
          </Text>
          {t(allCompanies ? 'user.allCompanies' : 'user.myCompany')}
        </Text>
      </Group>
      <div>
        <Text size="sm" c="dimmed" mb={6}>
          {t('dashboard.activeModules')}
        </Text>
        {modules.length === 0 ? (
          <Text size="sm">{t('dashboard.noModules')}</Text>
        ) : (
          <Group gap={6} component="ul" className={classes.modules}>
            {modules.map((m) => (
              <Badge key={m} component="li" variant="light" size="lg" radius="sm">
                {t(`modules.${m}`)}
              </Badge>
            ))}
          </Group>
        )}
      </div>
    </Stack>
  );
});

const CountFigures = memo(function CountFigures({ summary }: { summary: Partial<Record<FigureKey, ReactNode>> | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
      {figures.map(({ key, icon: Icon }) => (
        <Figure
          key={key}
          label={t(`dashboard.${key}`)}
          value={summary?.[key]}
          icon={<Icon size={26} aria-hidden />}
          testId={`figure-${key}`}
        />
      ))}
    </SimpleGrid>
  );
});

interface FigureProps {
  label: string;
  /** Undefined while the answer loads. */
  value: ReactNode | undefined;
  icon: ReactNode;
  testId: string;
  /** A line under the value: what the figure covers, or a link to the list behind it. */
  footer?: ReactNode;
}

/** One figure, labelled so it can be found (and read out) by its name. */
function Figure({ label, value, icon, testId, footer }: FigureProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={classes.tile}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div className={classes.tileText}>
          <Text id={id} size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={36} width={90} mt={4} />
          ) : (
            <Text className={classes.figure} data-testid={testId}>
              {value}
            </Text>
          )}
          {footer}
        </div>
        <span className={classes.icon}>{icon}</span>
      </Group>
    </section>
  );
}

/** A link under a figure to the screen that lists what it counts. */
function FigureLink({ children, ...link }: LinkProps & { children: string }) {
  return (
    <Anchor size="sm" renderRoot={(props) => <Link {...link} {...props} />}>
      {children}
    </Anchor>
  );
}

/** Total, problematic and critical devices, each linked to the screen that shows them where the user may open it. */
const FleetFigures = memo(function FleetFigures({ devices }: { devices: DashboardFigures['devices'] | undefined }) {
  const { t } = useTranslation();
  const access = useAccess();
  const lists = access.can('devices.read') && access.hasModule('devices');
  const map = lists && access.hasComponent('devices.map');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Figure
        label={t(f('fleet.total'))}
        value={devices?.total}
        icon={<IconDevices size={26} aria-hidden />}
        testId="figure-total-devices"
        footer={lists && <FigureLink to="/devices/list">{t(f('fleet.openTotal'))}</FigureLink>}
      />
      <Figure
        label={t(f('fleet.problematic'))}
        value={devices?.problematic}
        icon={<IconAlertTriangle size={26} aria-hidden />}
        testId="figure-problematic-devices"
        // The map narrowed to exactly the devices counted here (`problems`), each in its worst state's colour.
        footer={
          map && (
            <FigureLink to="/devices/map" search={{ problems: true }}>
              {t(f('fleet.openProblematic'))}
            </FigureLink>
          )
        }
      />
      <Figure
        label={t(f('fleet.critical'))}
        value={devices?.critical}
        icon={<IconFlame size={26} aria-hidden />}
        testId="figure-critical-devices"
        footer={
          lists && (
            <FigureLink to="/devices/list" search={{ critical: true }}>
              {t(f('fleet.openCritical'))}
            </FigureLink>
          )
        }
      />
    </SimpleGrid>
  );
});

/**
 * What the view's open alarms (open or acknowledged) lose an hour in all, and how many there are, as
 * `GET /alarms/summary` says (docs/rules.md "Alarms", "At a glance"): both lead to the open list.
 */
const AlarmFigures = memo(function AlarmFigures({ summary }: { summary: AlarmSummary | undefined }) {
  const { t } = useTranslation();
  const hint = (text: string) => (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Figure
        label={t(f('alarms.loss'))}
        value={
          summary && (
            <Text span inherit c={summary.lossCentsPerHour > 0 ? 'red.9' : undefined}>
              {t(f('alarms.perHour'), { amount: formatMoney(summary.lossCentsPerHour) })}
            </Text>
          )
        }
        icon={<IconTrendingDown size={26} aria-hidden />}
        testId="figure-alarm-loss"
        footer={hint(t(f('alarms.lossHint')))}
      />
      <Figure
        label={t(f('alarms.open'))}
        value={summary && summary.open + summary.acknowledged}
        icon={<IconAlarm size={26} aria-hidden />}
        testId="figure-open-alarms"
        footer={
          <Stack gap={2}>
            {summary && hint(t(f('alarms.acknowledged'), { count: summary.acknowledged }))}
            <FigureLink to="/alarms/list">{t(f('alarms.openList'))}</FigureLink>
          </Stack>
        }
      />
    </SimpleGrid>
  );
});

/** The first and last day of the month before the one `today` is in. */
function lastMonthOf(today: string): { from: string; to: string } {
  const to = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** Cash in the boxes now, this month's revenue so far and last month's. */
const MoneyFigures = memo(function MoneyFigures({ figures }: { figures: DashboardFigures | undefined }) {
  const { t } = useTranslation();
  const hint = (text: string) => (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
  const last = figures && lastMonthOf(figures.today);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Figure
        label={t(f('money.balance'))}
        value={figures && formatMoney(figures.balanceCents)}
        icon={<IconCash size={26} aria-hidden />}
        testId="figure-balance"
        footer={hint(t(f('money.balanceHint')))}
      />
      <Figure
        label={t(f('money.thisMonth'))}
        value={figures && formatMoney(figures.thisMonthCents)}
        icon={<IconCalendarMonth size={26} aria-hidden />}
        testId="figure-this-month"
        footer={figures && hint(`${formatDate(`${figures.today.slice(0, 8)}01`)} – ${formatDate(figures.today)}`)}
      />
      <Figure
        label={t(f('money.lastMonth'))}
        value={figures && formatMoney(figures.lastMonthCents)}
        icon={<IconHistory size={26} aria-hidden />}
        testId="figure-last-month"
        footer={last && hint(`${formatDate(last.from)} – ${formatDate(last.to)}`)}
      />
    </SimpleGrid>
  );
});

/** Lessors whose contract ends within 30 days, soonest first, each linked to the lessor where the user may open it. */
const ContractsEnding = memo(function ContractsEnding({ figures }: { figures: DashboardFigures | undefined }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  if (!figures) return <Skeleton height={60} />;
  if (figures.contractsEnding.length === 0) return <Text size="sm">{t(f('contracts.none'))}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={6} data-testid="contracts-ending">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(f('contracts.lessor'))}</Table.Th>
            <Table.Th>{t(f('contracts.ends'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.contractsEnding.map((contract) => {
            const id = parseIri('lessors', contract.lessor);
            const days = daysUntil(figures.today, contract.contractEnd);
            return (
              <Table.Tr key={contract.lessor}>
                <Table.Td>
                  {id !== null && can('lessors.update') ? (
                    <Anchor size="sm" renderRoot={(props) => <Link to="/lessors/edit/$id" params={{ id: String(id) }} {...props} />}>
                      {contract.name}
                    </Anchor>
                  ) : (
                    contract.name
                  )}
                </Table.Td>
                <Table.Td>
                  {formatDate(contract.contractEnd)}{' '}
                  <Text span size="sm" c={days <= 7 ? 'red.9' : 'dimmed'}>
                    ({days === 0 ? t(f('contracts.today')) : t(f('contracts.in'), { count: days })})
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
