import { type AuditEntry, type AuditValues, formatDateTime } from '@kovanica/contract';
import { Badge, Box, Button, Drawer, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../lib/access.ts';
import { auditLogApi } from '../lib/apis/audit-log.ts';
import classes from './audit-history.module.css';
import { changesText, fieldLabel, fieldsInOrder, formatValue, isAudited, k } from './audit-values.ts';
import { FailureAlert } from './failure-alert.tsx';

/**
 * How many fields an entry shows until asked for all: a creation lists every field of its record
 * (a bill's thirty), which made one page of the trail twenty screens tall.
 */
const FIELDS_SHOWN = 6;

/** An e-mail address, or any text without spaces around an "@". */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * A text that may be an e-mail address, with its line breaks where a reader expects them: after the
 * "@" and before each dot, never inside a word ("manager@zabavni.te / st" read as two words). Other
 * text is returned as it is; it wraps between words.
 */
export function breakableText(text: string): ReactNode {
  if (!EMAIL.test(text)) return text;
  const [local = '', domain = ''] = text.split('@');
  const parts = domain.split('.');
  return (
    <>
      {local}@<wbr />
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * Words stay whole: a word is broken only when it cannot fit a line of its own (a certificate, a
 * hash). `anywhere` would also let a column shrink to a letter's width and cut every word.
 */
const WRAP = { overflowWrap: 'break-word' } as const;

/** The fields one change touched, before and after (a create has no before, a delete no after). */
export function AuditChanges({ entry, caption }: { entry: AuditEntry; caption?: string }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const before: AuditValues = entry.before ?? {};
  const after: AuditValues = entry.after ?? {};
  const keys = fieldsInOrder(before, after);
  if (!keys.length) return null;
  const shown = all ? keys : keys.slice(0, FIELDS_SHOWN);
  // Fixed layout and values that break only where a word cannot fit: no scrolling region a keyboard could not reach.
  return (
    <>
      <Table fz="sm" verticalSpacing={4} withRowBorders={false} layout="fixed">
        {caption && <VisuallyHidden component="caption">{caption}</VisuallyHidden>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t(k('field'))}</Table.Th>
            {entry.before && <Table.Th scope="col">{t(k('before'))}</Table.Th>}
            {entry.after && <Table.Th scope="col">{t(k('after'))}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={500} style={WRAP}>
                {fieldLabel(t, entry.resource, key)}
              </Table.Th>
              {entry.before && (
                <Table.Td style={WRAP}>{breakableText(formatValue(t, entry.resource, key, before[key], entry.names))}</Table.Td>
              )}
              {entry.after && (
                <Table.Td style={WRAP}>{breakableText(formatValue(t, entry.resource, key, after[key], entry.names))}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {keys.length > FIELDS_SHOWN && (
        <Button variant="subtle" size="compact-sm" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? t(k('fewerFields')) : t(k('allFields'), { count: keys.length })}
        </Button>
      )}
    </>
  );
}

/**
 * An entry as a list's row shows it: its changes on one line, cut at the line's end, and a button that
 * unfolds the fields before and after (`AuditChanges`) in place. A page of thirty entries was about
 * 6,400 px tall at 1280 px with every entry's fields unfolded.
 */
export function AuditChangesOnDemand({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const count = fieldsInOrder(entry.before ?? {}, entry.after ?? {}).length;
  if (!count) return null;
  return (
    <>
      {!open && <div className={classes.summary}>{changesText(t, entry)}</div>}
      <Button
        variant="subtle"
        size="compact-xs"
        aria-expanded={open}
        aria-controls={id}
        rightSection={<IconChevronDown size={14} aria-hidden className={classes.chevron} data-open={open || undefined} />}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t(k('hideChanges')) : t(k('showChanges'), { count })}
      </Button>
      <Box id={id} hidden={!open}>
        {open && <AuditChanges entry={entry} />}
      </Box>
    </>
  );
}

/** What was done, as a badge: creations green, deletions and stornos red, the rest blue. */
export function AuditActionBadge({ action }: { action: string }) {
  const { t } = useTranslation();
  const color = action === 'delete' || action === 'storno' ? 'red.9' : action === 'create' || action === 'verify' ? 'teal.9' : 'blue.9';
  return (
    <Badge
      color={color}
      variant="filled"
      tt="none"
      styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {t(k(`actions.${action}`), { defaultValue: action })}
    </Badge>
  );
}

/** Who, when and from where, then the fields that changed. */
function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const when = formatDateTime(entry.at);
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <AuditActionBadge action={entry.action} />
          <Text size="sm" fw={500}>
            {when}
          </Text>
          <Text size="sm" style={WRAP}>
            {breakableText(entry.actor)}
          </Text>
          {entry.ip && (
            <Text size="sm" c="dimmed">
              {t(k('from'), { ip: entry.ip })}
            </Text>
          )}
        </Group>
        <AuditChanges entry={entry} caption={t(k('changesAt'), { at: when })} />
      </Stack>
    </Paper>
  );
}

/** The history of one record, newest first (the last 50 changes). */
export function AuditHistory({ resource, id }: { resource: string; id: number }) {
  const { t } = useTranslation();
  // Every company the caller may reach: the record itself was already allowed.
  const history = useQuery({
    ...auditLogApi.list({ resource, recordId: id, 'order[at]': 'desc', itemsPerPage: 50 }, 'all'),
    staleTime: 0,
  });
  if (history.isPending) return <Text size="sm">{t(k('loading'))}</Text>;
  if (history.isError) return <FailureAlert>{t(k('failed'))}</FailureAlert>;
  const entries = history.data.member;
  if (!entries.length) return <Text size="sm">{t(k('empty'))}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0}>
      {entries.map((entry) => (
        <AuditEntryCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}

/** A record page's "History" section: only for who may read the trail (admins and managers). */
export function AuditHistorySection({ resource, id }: { resource: string; id: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  if (!can('audit-log.read') || !isAudited(resource)) return null;
  return (
    <Stack component="section" aria-labelledby={`history-${resource}-${id}`} gap="sm" mt="xl" maw={960}>
      <Title order={2} size="h4" id={`history-${resource}-${id}`}>
        {t(k('history'))}
      </Title>
      <AuditHistory resource={resource} id={id} />
    </Stack>
  );
}

/** The history of a record without a page of its own (a deposit), in a drawer. */
export function AuditHistoryDrawer({
  record,
  onClose,
}: {
  record: { resource: string; id: number; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={record !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={record ? t(k('historyOf'), { name: record.title }) : ''}
      closeButtonProps={{ 'aria-label': t(k('close')) }}
    >
      {record && <AuditHistory resource={record.resource} id={record.id} />}
    </Drawer>
  );
}
