import { commandStatuses } from '@kovanica/contract';
import { Anchor, Button } from '@mantine/core';
import { IconGift, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { commandsApi, devicesApi } from './api.ts';
import { useCommandColumns } from './command-columns.tsx';
import { CommandModal } from './command-form.tsx';

const f = (field: string) => `resources.commands.fields.${field}`;

const filters: readonly Filter[] = [
  {
    field: 'device',
    label: f('device'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={devicesApi} clearable {...props} />,
  },
  {
    field: 'status',
    label: f('status'),
    kind: 'select',
    options: commandStatuses.map((s) => ({ value: s, label: `resources.commands.statuses.${s}` })),
  },
  { field: 'requestedAt', label: f('requestedAt'), kind: 'date-range' },
];

const pages = {
  free_ride: { title: 'resources.commands.freeRides', text: 'resources.commands.freeRidesText', icon: IconGift },
  reset: { title: 'resources.commands.resets', text: 'resources.commands.resetsText', icon: IconRefresh },
} as const;

/**
 * `/devices/free-ride` and `/devices/reset`: the commands of one type, newest first, with their way
 * from pending to done; roles that may send commands send one from here.
 */
export function CommandsPage({ type }: { type: keyof typeof pages }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useCommandColumns();
  const baseQuery = useMemo(() => ({ type }), [type]);
  const [opened, setOpened] = useState(false);
  const page = pages[type];
  const Icon = page.icon;
  const title = t(page.title);

  return (
    <>
      <PageHeader title={title} subtitle={t(page.text)} />
      {/* The commands are the remote ones; the transactions list has every one, given on the device too. */}
      {can('transactions.read') && (
        <Anchor renderRoot={(props) => <Link to="/transactions/list" search={{ type }} {...props} />} mb="sm" display="inline-block">
          {t(`resources.commands.allGiven.${type}`)}
        </Anchor>
      )}
      <DataTable
        api={commandsApi}
        columns={columns}
        filters={filters}
        baseQuery={baseQuery}
        title={title}
        storageId={wide ? 'commands-all' : 'commands'}
        toolbar={
          can('devices.command') && (
            <Button leftSection={<Icon size={16} aria-hidden />} onClick={() => setOpened(true)}>
              {t(`resources.commands.give.${type}`)}
            </Button>
          )
        }
      />
      <CommandModal type={type} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
