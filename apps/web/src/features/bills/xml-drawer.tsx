import { type BillAttempt, formatDateTime } from '@kovanica/contract';
import { ActionIcon, Box, Code, CopyButton, Drawer, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { indentXml } from './xml.ts';

const k = (key: string) => `bills.request.${key}`;

/** One XML document, indented for reading; "Copy" copies it as it was sent (a signature breaks when reformatted). */
function XmlBlock({ title, xml }: { title: string; xml: string | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const shown = useMemo(() => (xml ? indentXml(xml) : null), [xml]);
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {xml && (
          <CopyButton value={xml} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={t(copied ? k('copied') : k('copy'), { what: title })}>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal.9' : 'gray.8'}
                  onClick={copy}
                  aria-label={t(copied ? k('copied') : k('copy'), { what: title })}
                >
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
      {shown === null ? (
        <Text size="sm" c="dimmed">
          {t(k('noAnswer'))}
        </Text>
      ) : (
        // A region that scrolls must be reachable by keyboard; it is named by its heading.
        <Box
          tabIndex={0}
          role="region"
          aria-labelledby={headingId}
          mah="60vh"
          style={{ overflow: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Code block fz="xs" style={{ whiteSpace: 'pre', width: 'max-content', minWidth: '100%' }}>
            {shown}
          </Code>
        </Box>
      )}
    </Stack>
  );
}

/** A send to CIS in a drawer: what went (the signed request) and what came back, both as XML. */
export function XmlDrawer({ attempt, onClose }: { attempt: BillAttempt | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={attempt !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={attempt ? t(k('drawerTitle'), { number: attempt.billNumber, at: formatDateTime(attempt.at) }) : ''}
      closeButtonProps={{ 'aria-label': t(k('close')) }}
    >
      {attempt && (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t(k('messageId'), { id: attempt.messageId })}
          </Text>
          <XmlBlock title={t(k('requestXml'))} xml={attempt.requestXml} />
          <XmlBlock title={t(k('answerXml'))} xml={attempt.answerXml} />
        </Stack>
      )}
    </Drawer>
  );
}
