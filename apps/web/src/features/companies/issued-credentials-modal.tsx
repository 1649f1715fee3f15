import type { LoggerCredential } from '@kovanica/contract';
import { ActionIcon, Button, CopyButton, Group, Modal, Stack, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../../components/warning-alert.tsx';
import classes from './company-wizard.module.css';

/**
 * The ingestion credentials of loggers created with a company. The server returns them only in the
 * answer to that save, so the modal closes only through its button: a stray click or Escape cannot
 * lose the only copy.
 */
export function IssuedCredentialsModal({ issued, onDone }: { issued: LoggerCredential[]; onDone: () => void }) {
  const { t } = useTranslation();
  const k = (key: string) => `resources.companies.credentials.${key}`;
  return (
    <Modal
      opened={issued.length > 0}
      onClose={onDone}
      title={t(k('title'))}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="xl"
    >
      <Stack>
        <WarningAlert title={t(k('onceTitle'))}>{t(k('onceText'))}</WarningAlert>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder aria-label={t(k('title'))}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(k('imei'))}</Table.Th>
                <Table.Th>{t(k('credential'))}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t(k('copyColumn'))}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {issued.map((c) => (
                <Table.Tr key={c.logger}>
                  <Table.Td>{c.imei}</Table.Td>
                  <Table.Td className={classes.credential}>{c.credential}</Table.Td>
                  <Table.Td w={48}>
                    <CopyButton value={c.credential} timeout={2000}>
                      {({ copied, copy }) => (
                        <Tooltip label={t(k(copied ? 'copied' : 'copy'))} withArrow>
                          <ActionIcon
                            variant={copied ? 'filled' : 'default'}
                            color={copied ? 'teal.9' : undefined}
                            onClick={copy}
                            aria-label={copied ? t(k('copied')) : t(k('copyFor'), { imei: c.imei })}
                          >
                            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button onClick={onDone} data-autofocus>
            {t(k('done'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
