import { formatCount, formatDateTime, formatMoney, type Movement, stockMovementKinds } from '@kovanica/contract';
import { ActionIcon, Button, Group, Modal, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, nowrap } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { articlesApi } from '../../lib/apis/articles.ts';
import { movementsApi } from '../../lib/apis/movements.ts';
import { exportMoney } from '../../lib/export/table.ts';
import { randomKey } from '../../lib/random-key.ts';
import { useReverseMovement } from './api.ts';
import { changeIn, endsOf, reversible } from './movement-values.ts';
import classes from './movements-table.module.css';

const k = (key: string) => `resources.movements.${key}`;
const f = (field: string) => k(`fields.${field}`);

const filters: readonly Filter[] = [
  {
    field: 'kind',
    label: f('kind'),
    kind: 'select',
    options: stockMovementKinds.map((kind) => ({ value: kind, label: k(`kinds.${kind}`) })),
  },
  {
    field: 'article',
    label: f('article'),
    kind: 'custom',
    render: (props) => <ReferenceSelect api={articlesApi} clearable {...props} />,
  },
  { field: 'at', label: f('at'), kind: 'date-range' },
];

/**
 * The columns. On a repository's page the quantity is signed as that repository saw it (+ in, − out)
 * and one column names the other end; on an article's page the article goes without saying.
 */
function useColumns(repository: string | undefined, article: string | undefined): Column<Movement>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const change = (m: Movement) => (repository ? changeIn(m, repository) : m.quantity);
    const signed = (n: number) => (repository && n > 0 ? `+${formatCount(n)}` : formatCount(n));
    const kindText = (m: Movement) => t(k(`kinds.${m.kind}`));
    const state = (m: Movement) => (m.reverses ? t(k('reversal')) : m.reversedBy ? t(k('reversed')) : null);
    /** The other end, seen from the repository: where the units went (→) or came from (←). */
    const other = (m: Movement) => {
      const ends = endsOf(m);
      if (change(m) < 0) return ends.to === null ? null : `→ ${ends.to}`;
      return ends.from === null ? null : `← ${ends.from}`;
    };
    const columns: (Column<Movement> | false)[] = [
      {
        key: 'at',
        label: f('at'),
        sortField: 'at',
        render: (m) => nowrap(formatDateTime(m.at)),
        exportValue: (m) => formatDateTime(m.at),
      },
      {
        key: 'kind',
        label: f('kind'),
        render: (m) => (
          <>
            <span className={classes.kind}>{kindText(m)}</span>
            {state(m) && (
              <span className={classes.state} data-reversal={m.reverses ? true : undefined}>
                {state(m)}
              </span>
            )}
          </>
        ),
        exportValue: (m) => [kindText(m), state(m)].filter(Boolean).join(' · '),
      },
      !article && { key: 'article', label: f('article'), render: (m) => m.articleName, exportValue: (m) => m.articleName },
      {
        key: 'quantity',
        label: f('quantity'),
        align: 'right',
        render: (m) => {
          const n = change(m);
          return (
            <span className={classes.quantity} data-out={n < 0 ? true : undefined}>
              {`${signed(n)} ${t(`resources.articles.units.${m.unit}`)}`}
            </span>
          );
        },
        exportValue: (m) => change(m),
      },
      ...(repository
        ? [{ key: 'other', label: f('other'), render: (m: Movement) => other(m) ?? dash, exportValue: other }]
        : [
            {
              key: 'from',
              label: f('from'),
              render: (m: Movement) => endsOf(m).from ?? dash,
              exportValue: (m: Movement) => endsOf(m).from,
            },
            { key: 'to', label: f('to'), render: (m: Movement) => endsOf(m).to ?? dash, exportValue: (m: Movement) => endsOf(m).to },
          ]),
      {
        key: 'unitPriceCents',
        label: f('unitPriceCents'),
        align: 'right',
        render: (m) => (m.unitPriceCents === null ? dash : nowrap(formatMoney(m.unitPriceCents))),
        exportValue: (m) => exportMoney(m.unitPriceCents),
      },
      {
        key: 'valueCents',
        label: f('valueCents'),
        align: 'right',
        render: (m) => (m.valueCents === null ? dash : nowrap(formatMoney(m.valueCents))),
        exportValue: (m) => exportMoney(m.valueCents),
      },
      {
        key: 'note',
        label: f('note'),
        render: (m) => [m.reason, m.note].filter(Boolean).join(' · ') || dash,
        exportValue: (m) => [m.reason, m.note].filter(Boolean).join(' · ') || null,
      },
      {
        key: 'createdBy',
        label: f('createdBy'),
        defaultHidden: true,
        render: (m) => m.createdByName ?? dash,
        exportValue: (m) => m.createdByName,
      },
    ];
    return columns.filter((column): column is Column<Movement> => column !== false);
  }, [t, repository, article]);
}

/**
 * The movements of a repository (`?repository=` either side) or of an article, newest first, paged
 * by cursor on the server. Who books stock reverses a movement here (once; not a reversal).
 */
export function MovementsTable({ repository, article, title }: { repository?: string; article?: string; title: string }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const columns = useColumns(repository, article);
  const headingId = useId();
  const baseQuery = useMemo(() => ({ ...(repository && { repository }), ...(article && { article }) }), [repository, article]);
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      <DataTable
        api={movementsApi}
        columns={columns}
        filters={article ? filters.filter((filter) => filter.field !== 'article') : filters}
        baseQuery={baseQuery}
        title={title}
        storageId={repository ? 'movements-repository' : 'movements-article'}
        emptyText={t(k('empty'))}
        rowActions={can('movements.create') ? (m) => (reversible(m) ? <ReverseMovement movement={m} /> : null) : undefined}
      />
    </section>
  );
}

/** "Reverse" with a confirmation: books the opposite movement; a refusal (stock already used) stays in the dialog. */
function ReverseMovement({ movement }: { movement: Movement }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const reverse = useReverseMovement();
  // One key per opened dialog: a double click reverses once.
  const [clientKey, setClientKey] = useState(randomKey);
  const name = t(k('rowName'), {
    kind: t(k(`kinds.${movement.kind}`)),
    article: movement.articleName,
    date: formatDateTime(movement.at),
  });
  const label = t(k('reverse'), { name });
  const dismiss = () => {
    close();
    reverse.reset();
  };
  return (
    <>
      <RowTooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          onClick={() => {
            setClientKey(randomKey());
            open();
          }}
        >
          <IconArrowBackUp size={18} aria-hidden />
        </ActionIcon>
      </RowTooltip>
      <Modal opened={opened} onClose={dismiss} title={t(k('reverseTitle'))} closeButtonProps={{ 'aria-label': t('app.close') }} centered>
        <Text mb="xs" fw={600}>
          {name}
        </Text>
        <Text mb="md">{t(k('reverseText'))}</Text>
        {reverse.error && <FailureAlert mb="md">{failureText(reverse.error, t(k('reverseFailed')))}</FailureAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red.9"
            loading={reverse.isPending}
            onClick={() => reverse.mutate({ id: movement.id, clientKey }, { onSuccess: close })}
          >
            {t(k('reverseConfirm'))}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
