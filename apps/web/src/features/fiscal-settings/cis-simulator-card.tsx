import { type CisSimulatorPatch, cisDuplicatePolicies, cisForcedErrors, cisModes, formatCount } from '@kovanica/contract';
import { Alert, Group, NumberInput, Radio, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { cisSimulatorQuery, useUpdateCisSimulator } from './api.ts';

const k = (key: string) => `fiscal.simulator.${key}`;
const NONE = 'none';

/**
 * The simulated CIS's switches (admins, while a company's bills go to it): how it answers, a forced
 * error code, and what it does with a bill sent twice. Each change applies at once, for every
 * company on the simulated environment.
 */
export function CisSimulatorCard() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const state = useQuery(cisSimulatorQuery());
  const update = useUpdateCisSimulator();
  const [slowMs, setSlowMs] = useState<number | string>('');
  useEffect(() => {
    if (state.data) setSlowMs(state.data.slowMs);
  }, [state.data]);
  const readOnly = !can('cis-simulator.update');
  // While a switch is under way it shows as switched already.
  const shown = state.data && { ...state.data, ...(update.isPending ? update.variables : {}) };

  const apply = (patch: CisSimulatorPatch) =>
    update.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'teal', message: t(k('applied')) }),
      onError: (error) => notifications.show({ color: 'red', message: failureText(error, t(k('failed'))) }),
    });

  return (
    <Portlet title={t(k('title'))}>
      {state.error ? (
        <FailureAlert error={state.error} onRetry={() => void state.refetch()} />
      ) : !state.data ? (
        <Skeleton h={240} />
      ) : (
        <Stack maw={760}>
          <Text size="sm">{t(k('intro'))}</Text>
          <fieldset disabled={readOnly || update.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack>
              <Radio.Group label={t(k('mode'))} value={shown?.mode} onChange={(mode) => apply({ mode: mode as (typeof cisModes)[number] })}>
                <Stack gap="xs" mt={6}>
                  {cisModes.map((mode) => (
                    <Radio key={mode} value={mode} label={t(k(`modes.${mode}`))} description={t(k(`modeHints.${mode}`))} />
                  ))}
                </Stack>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t(k('slowMs'))}
                  description={t(k('slowMsHint'))}
                  min={0}
                  max={60_000}
                  step={500}
                  allowDecimal={false}
                  suffix=" ms"
                  thousandSeparator="."
                  decimalSeparator=","
                  value={slowMs}
                  onChange={setSlowMs}
                  onBlur={() => {
                    const next = Number(slowMs);
                    if (Number.isInteger(next) && next >= 0 && next <= 60_000 && next !== state.data?.slowMs) apply({ slowMs: next });
                  }}
                />
                <Select
                  label={t(k('forcedError'))}
                  description={t(k('forcedErrorHint'))}
                  allowDeselect={false}
                  data={[
                    { value: NONE, label: t(k('noForcedError')) },
                    ...cisForcedErrors.map((code) => ({ value: code, label: `${code} – ${t(k(`errors.${code}`))}` })),
                  ]}
                  value={shown?.forcedError ?? NONE}
                  onChange={(value) =>
                    apply({ forcedError: value === NONE || value === null ? null : (value as (typeof cisForcedErrors)[number]) })
                  }
                />
              </SimpleGrid>
              <Radio.Group
                label={t(k('duplicates'))}
                description={t(k('duplicatesHint'))}
                value={shown?.duplicates}
                onChange={(duplicates) => apply({ duplicates: duplicates as (typeof cisDuplicatePolicies)[number] })}
              >
                <Group gap="lg" mt={6}>
                  {cisDuplicatePolicies.map((policy) => (
                    <Radio key={policy} value={policy} label={t(k(`duplicatePolicies.${policy}`))} />
                  ))}
                </Group>
              </Radio.Group>
            </Stack>
          </fieldset>
          <Alert color="gray" variant="light">
            <Text size="sm">{t(k('received'), { count: state.data.received, shown: formatCount(state.data.received) })}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t(k('url'), { url: state.data.url })}
            </Text>
          </Alert>
        </Stack>
      )}
    </Portlet>
  );
}
