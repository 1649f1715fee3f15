import { weekdays } from '@kovanica/contract';
import { Badge, Button, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './location-form.module.css';
import { closesAfterMidnight, type LocationValues, normalizeTime } from './location-values.ts';

/**
 * Opening hours, a row per weekday Monday to Sunday: open or closed, and the opening and closing
 * times as `HH:mm`. A closing time before the opening time closes after midnight; equal times are
 * refused by the contract (`same_start_end`), and each day shows its own errors.
 */
export function WorkingHoursFields({ form, disabled }: { form: UseFormReturnType<LocationValues>; disabled?: boolean }) {
  const { t } = useTranslation();
  const hours = form.getValues().workingHours;

  const copyMonday = () => {
    const monday = form.getValues().workingHours.mon;
    for (const day of weekdays) if (day !== 'mon') form.setFieldValue(`workingHours.${day}`, { ...monday });
  };

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" id="working-hours-hint">
        {t('resources.locations.hours.hint')}
      </Text>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table className={classes.hours} verticalSpacing={6} aria-describedby="working-hours-hint">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('resources.locations.hours.day')}</Table.Th>
              <Table.Th>{t('resources.locations.hours.open')}</Table.Th>
              <Table.Th>{t('resources.locations.hours.start')}</Table.Th>
              <Table.Th>{t('resources.locations.hours.end')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weekdays.map((day) => {
              const name = t(`resources.locations.weekdays.${day}`);
              const value = hours[day];
              const timeProps = (part: 'start' | 'end') => {
                const path = `workingHours.${day}.${part}` as const;
                const input = form.getInputProps(path);
                return {
                  ...input,
                  'aria-label': t(`resources.locations.hours.${part}Of`, { day: name }),
                  placeholder: 'HH:mm',
                  inputMode: 'numeric' as const,
                  maxLength: 5,
                  autoComplete: 'off',
                  disabled: disabled || !value.open,
                  w: 76,
                  onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
                    const normal = normalizeTime(event.currentTarget.value);
                    if (normal !== event.currentTarget.value) form.setFieldValue(path, normal);
                    input.onBlur?.(event);
                  },
                };
              };
              return (
                <Table.Tr key={day}>
                  <Table.Th scope="row" fw={500}>
                    {name}
                  </Table.Th>
                  <Table.Td>
                    <Switch
                      aria-label={t('resources.locations.hours.openOn', { day: name })}
                      label={value.open ? t('resources.locations.hours.opened') : t('resources.locations.hours.closed')}
                      disabled={disabled}
                      classNames={{ labelWrapper: classes.switchLabel }}
                      {...form.getInputProps(`workingHours.${day}.open`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput {...timeProps('start')} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" align="flex-start">
                      <TextInput {...timeProps('end')} />
                      {value.open && closesAfterMidnight(value) && (
                        <Badge variant="light" color="indigo" tt="none" mt={6}>
                          {t('resources.locations.hours.afterMidnight')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!disabled && (
        <Button variant="default" size="xs" mt="sm" leftSection={<IconCopy size={16} aria-hidden />} onClick={copyMonday}>
          {t('resources.locations.hours.copyMonday')}
        </Button>
      )}
    </>
  );
}
