import { formatMoney } from '@kovanica/contract';
import { Alert, Anchor, Badge, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emailToggles, moneyFields } from '../../components/company-settings-fields.tsx';
import { ReferenceLabel } from '../../components/reference-select.tsx';
import { companiesApi } from '../../lib/apis/companies.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { loggersApi } from './api.ts';
import { type CompanyValues, componentsWithin } from './company-form.ts';
import { loggerLabel, userLabel } from './company-references.tsx';
import classes from './company-wizard.module.css';

const f = (field: string) => `resources.companies.fields.${field}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A step that still lacks something, with the messages of what it lacks. */
export interface MissingStep {
  step: number;
  title: string;
  messages: string[];
}

/** What keeps the wizard from saving, each step with a link back to it. */
function MissingSteps({ missing, onGoTo }: { missing: MissingStep[]; onGoTo: (step: number) => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('resources.companies.wizard.missingTitle')}
    >
      <Text size="sm" mb="xs">
        {t('resources.companies.wizard.missingIntro')}
      </Text>
      <List size="sm" spacing="xs">
        {missing.map((m) => (
          <List.Item key={m.step}>
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onGoTo(m.step)}>
              {t('resources.companies.wizard.goToStep', { n: m.step + 1, title: m.title })}
            </Anchor>
            {m.messages.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

interface CompanyStepCheckProps {
  values: CompanyValues;
  /** The earlier steps that still lack something; empty when the company can be saved. */
  missing: MissingStep[];
  onGoTo: (step: number) => void;
}

/** Step 4 of the wizard: everything entered in steps 1–3, read-only, before it is saved; first, what is still missing. */
export function CompanyStepCheck({ values, missing, onGoTo }: CompanyStepCheckProps) {
  const { t } = useTranslation();
  const none = (
    <Text span c="dimmed" size="sm">
      {t('resources.companies.wizard.none')}
    </Text>
  );
  const yesNo = (v: boolean) => t(v ? 'resources.companies.wizard.yes' : 'resources.companies.wizard.no');
  const text = (v: string) => (v.trim() === '' ? none : v);

  const components = componentsWithin(values.activeModuleComponents, values.activeModules);

  const list = (items: { key: string; label: ReactNode }[]) =>
    items.length === 0 ? (
      none
    ) : (
      <Group gap={6}>
        {items.map((item) => (
          <Badge key={item.key} variant="light" tt="none">
            {item.label}
          </Badge>
        ))}
      </Group>
    );
  const plain = (items: string[]) => list(items.map((item) => ({ key: item, label: item })));

  return (
    <Stack gap="lg">
      {missing.length > 0 && <MissingSteps missing={missing} onGoTo={onGoTo} />}
      <section aria-labelledby="company-check-info">
        <Title order={3} size="h5" id="company-check-info" mb="xs">
          {t('resources.companies.wizard.steps.company')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, md: 2 }} spacing={0} verticalSpacing={0} className={classes.list}>
          <Row label={t(f('name'))}>{text(values.name)}</Row>
          <Row label={t(f('oib'))}>{text(values.oib)}</Row>
          <Row label={t(f('inVatSystem'))}>{yesNo(values.inVatSystem)}</Row>
          <Row label={t(f('address'))}>{text(values.address)}</Row>
          <Row label={t(f('phone'))}>{text(values.phone)}</Row>
          <Row label={t(f('email'))}>{text(values.email)}</Row>
          <Row label={t(f('notificationEmails'))}>{plain(values.notificationEmails)}</Row>
          <Row label={t(f('language'))}>{t(`languages.${values.language}`)}</Row>
          {emailToggles.map((field) => (
            <Row key={field} label={t(f(field))}>
              {yesNo(values[field])}
            </Row>
          ))}
          {moneyFields.map((field) => (
            <Row key={field} label={t(f(field))}>
              {values[field] === null ? none : formatMoney(values[field])}
            </Row>
          ))}
          <Row label={t(f('offlineThresholdMinutes'))}>
            {typeof values.offlineThresholdMinutes === 'number'
              ? t('resources.companies.wizard.minutes', { count: values.offlineThresholdMinutes })
              : none}
          </Row>
          <Row label={t(f('isTopGun'))}>{yesNo(values.isTopGun)}</Row>
          <Row label={t(f('parent'))}>{values.parent ? <ReferenceLabel api={companiesApi} value={values.parent} /> : none}</Row>
        </SimpleGrid>
      </section>

      <section aria-labelledby="company-check-modules">
        <Title order={3} size="h5" id="company-check-modules" mb="xs">
          {t('resources.companies.wizard.steps.modules')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, md: 2 }} spacing={0} verticalSpacing={0} className={classes.list}>
          <Row label={t(f('activeModules'))}>{plain(values.activeModules.map((m) => t(`modules.${m}`)))}</Row>
          <Row label={t(f('activeModuleComponents'))}>{plain(components.map((c) => t(`resources.companies.components.${c}`)))}</Row>
          <Row label={t(f('loggers'))}>
            {list(values.loggers.map((v) => ({ key: v, label: <ReferenceLabel api={loggersApi} value={v} optionLabel={loggerLabel} /> })))}
          </Row>
        </SimpleGrid>
        <Text fw={600} size="sm" mt="sm">
          {t(f('newLoggers'))}
        </Text>
        {values.newLoggers.length === 0 ? (
          none
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder aria-label={t(f('newLoggers'))}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.companies.newLogger.imei')}</Table.Th>
                  <Table.Th>{t('resources.companies.newLogger.serial')}</Table.Th>
                  <Table.Th>{t('resources.companies.newLogger.simNumber')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.newLoggers.map((l) => (
                  <Table.Tr key={l.key}>
                    <Table.Td>{l.imei}</Table.Td>
                    <Table.Td>{text(l.serial)}</Table.Td>
                    <Table.Td>{text(l.simNumber)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>

      <section aria-labelledby="company-check-users">
        <Title order={3} size="h5" id="company-check-users" mb="xs">
          {t('resources.companies.wizard.steps.users')}
        </Title>
        <SimpleGrid component="dl" cols={1} spacing={0} verticalSpacing={0} className={classes.list}>
          <Row label={t(f('users'))}>
            {list(values.users.map((v) => ({ key: v, label: <ReferenceLabel api={usersApi} value={v} optionLabel={userLabel} /> })))}
          </Row>
        </SimpleGrid>
        <Text fw={600} size="sm" mt="sm">
          {t(f('newUsers'))}
        </Text>
        {values.newUsers.length === 0 ? (
          none
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped withTableBorder aria-label={t(f('newUsers'))}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.companies.newUser.name')}</Table.Th>
                  <Table.Th>{t('resources.companies.newUser.surname')}</Table.Th>
                  <Table.Th>{t('resources.companies.newUser.email')}</Table.Th>
                  <Table.Th>{t('resources.companies.newUser.role')}</Table.Th>
                  <Table.Th>{t('resources.companies.newUser.password')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.newUsers.map((u) => (
                  <Table.Tr key={u.key}>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>{u.surname}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.role ? t(`roles.${u.role}`) : none}</Table.Td>
                    <Table.Td>{u.password ? t('resources.companies.wizard.passwordSet') : none}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}
