import { type Logger, type Module, type ModuleComponent, moduleComponents, modules } from '@kovanica/contract';
import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type CompanyValues, componentsWithin, moduleOfComponent } from './company-form.ts';
import { LoggersMultiSelect } from './company-references.tsx';
import { CurrentItems } from './current-items.tsx';
import { NewItems } from './new-items.tsx';

const f = (field: string) => `resources.companies.fields.${field}`;

/** Step 2 of the wizard: the company's modules and its loggers. */
export function CompanyStepModules({ form, currentLoggers }: { form: UseFormReturnType<CompanyValues>; currentLoggers?: Logger[] }) {
  const { t } = useTranslation();
  const { activeModules, activeModuleComponents, newLoggers } = form.getValues();

  const setModules = (value: string[]) => {
    const next = modules.filter((m) => value.includes(m));
    form.setFieldValue('activeModules', next);
    // Switching a module off switches its components off with it.
    form.setFieldValue('activeModuleComponents', componentsWithin(form.getValues().activeModuleComponents, next));
  };

  return (
    <Stack gap="lg">
      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.modules')}>
        <Stack>
          <Checkbox.Group label={t(f('activeModules'))} value={activeModules} onChange={setModules} error={form.errors.activeModules}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" mt="xs">
              {modules.map((m: Module) => (
                <Checkbox key={m} value={m} label={t(`modules.${m}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox.Group
            label={t(f('activeModuleComponents'))}
            description={t('resources.companies.hints.activeModuleComponents')}
            value={activeModuleComponents}
            onChange={(value) =>
              form.setFieldValue(
                'activeModuleComponents',
                moduleComponents.filter((c) => value.includes(c)),
              )
            }
            error={form.errors.activeModuleComponents}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
              {moduleComponents.map((c: ModuleComponent) => (
                <Checkbox
                  key={c}
                  value={c}
                  disabled={!activeModules.includes(moduleOfComponent(c))}
                  label={`${t(`modules.${moduleOfComponent(c)}`)}: ${t(`resources.companies.components.${c}`)}`}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Stack>
      </Fieldset>

      <Fieldset p={{ base: 'sm', sm: 'md' }} legend={t('resources.companies.wizard.sections.loggers')}>
        <Stack>
          {currentLoggers && (
            <CurrentItems
              title={t('resources.companies.wizard.currentLoggers')}
              empty={t('resources.companies.wizard.noCurrentLoggers')}
              items={currentLoggers.map((l) => ({
                key: l['@id'],
                primary: l.imei,
                secondary: [l.serial, l.deviceName].filter(Boolean).join(' · '),
              }))}
            />
          )}
          <LoggersMultiSelect
            label={t(f('loggers'))}
            description={t('resources.companies.hints.loggers')}
            {...form.getInputProps('loggers')}
          />
          <NewItems
            title={t(f('newLoggers'))}
            empty={t('resources.companies.wizard.noNewLoggers')}
            error={form.errors.newLoggers}
            items={newLoggers}
            legend={(n) => t('resources.companies.wizard.newLoggerN', { n })}
            removeLabel={(n) => t('resources.companies.wizard.removeNewLogger', { n })}
            addLabel={t('resources.companies.wizard.addLogger')}
            cols={{ base: 1, sm: 3 }}
            onAdd={() => form.insertListItem('newLoggers', { key: randomId(), imei: '', serial: '', simNumber: '' })}
            onRemove={(index) => form.removeListItem('newLoggers', index)}
            fields={(_logger, index) => (
              <>
                <TextInput
                  label={t('resources.companies.newLogger.imei')}
                  required
                  withAsterisk
                  inputMode="numeric"
                  maxLength={15}
                  {...form.getInputProps(`newLoggers.${index}.imei`)}
                />
                <TextInput label={t('resources.companies.newLogger.serial')} {...form.getInputProps(`newLoggers.${index}.serial`)} />
                <TextInput
                  label={t('resources.companies.newLogger.simNumber')}
                  type="tel"
                  {...form.getInputProps(`newLoggers.${index}.simNumber`)}
                />
              </>
            )}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
