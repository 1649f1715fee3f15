import { formatDate } from '@kovanica/contract';
import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconDeviceGamepad2, IconMapPin, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { companiesApi } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { summaryQuery } from './api.ts';
import classes from './dashboard-page.module.css';

type FigureKey = 'users' | 'activeUsers' | 'companies' | 'locations' | 'devices';

const figures: { key: FigureKey; icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> }[] = [
  { key: 'users', icon: IconUsers },
  { key: 'activeUsers', icon: IconUserCheck },
  { key: 'companies', icon: IconBuildingStore },
  { key: 'locations', icon: IconMapPin },
  { key: 'devices', icon: IconDeviceGamepad2 },
];

/** What exists so far, with real figures; revenue indexes arrive with telemetry, never as placeholders. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const view = viewOf(accountInfo);
  const summary = useQuery(summaryQuery(view));
  const company = useQuery({ ...companiesApi.detail(accountInfo.company_id ?? 0), enabled: accountInfo.company_id !== null });
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const close = (key: string) => () => setClosed((prev) => new Set(prev).add(key));
  const modules = company.data?.activeModules ?? accountInfo.company_active_module ?? [];

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.today', { date: formatDate(new Date()) })}
        actions={
          closed.size > 0 && (
            <Button variant="default" onClick={() => setClosed(new Set())}>
              {t('dashboard.restoreCards')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {!closed.has('company') && (
          <Portlet title={t('dashboard.company')} onClose={close('company')}>
            <Stack gap="sm">
              {company.data ? (
                <Text fw={600} size="lg">
                  {company.data.name}
                </Text>
              ) : (
                <Skeleton height={24} width="40%" />
              )}
              <Group gap="xl">
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('dashboard.oib')}:{' '}
                  </Text>
                  {company.data?.oib ?? accountInfo.company_oib}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('dashboard.view')}:{' '}
                  </Text>
                  {t(accountInfo.isTopGun ? 'user.allCompanies' : 'user.myCompany')}
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
          </Portlet>
        )}
        {!closed.has('figures') && (
          <Portlet title={t('dashboard.figures')} onClose={close('figures')}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
              {figures.map(({ key, icon: Icon }) => (
                <Figure
                  key={key}
                  label={t(`dashboard.${key}`)}
                  value={summary.data?.[key]}
                  icon={<Icon size={26} aria-hidden />}
                  testId={`figure-${key}`}
                />
              ))}
            </SimpleGrid>
          </Portlet>
        )}
      </Stack>
    </>
  );
}

/** One figure, labelled so it can be found (and read out) by its name. */
function Figure({ label, value, icon, testId }: { label: string; value: number | undefined; icon: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={classes.tile}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text id={id} size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={36} width={60} mt={4} />
          ) : (
            <Text className={classes.figure} data-testid={testId}>
              {value}
            </Text>
          )}
        </div>
        <span className={classes.icon}>{icon}</span>
      </Group>
    </section>
  );
}
