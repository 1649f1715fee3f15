import { type AlarmKind, alarmKinds, roleKinds, type User, userFieldsDescription, userPatch } from '@kovanica/contract';
import { Button, Checkbox, Divider, Group, SimpleGrid, Skeleton, Stack, Switch, type SwitchProps, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { MultiReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { tagsApi } from '../../lib/apis/tags.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { type FieldErrors, useResourceForm } from '../../lib/forms.ts';
import { useUpdate } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';
import { type MyAlarmsValues, myAlarmsPatch, myAlarmsValuesOf } from './my-alarms-values.ts';
import { PushToggle } from './push-toggle.tsx';

const k = (key: string) => `resources.alarms.mine.${key}`;
const schema = userPatch.pick({ alarmPreferences: true });
const QUIET_TO = 'alarmPreferences.quietHours.to';

/**
 * "My alarms" (docs/rules.md "Alarms", "Who is told"): the signed-in person's own choice of the kinds
 * they are told of, the tags of what they look after, e-mail and push, and quiet hours. Everyone's to
 * write for themselves (`writeRules.users.alarmPreferences`), whatever their role.
 */
export function MyAlarmsCard() {
  const { t } = useTranslation();
  const { personalInfo } = useSession();
  const id = personalInfo.id ?? 0;
  const me = useQuery({ ...usersApi.detail(id), enabled: personalInfo.id !== null });
  return (
    <Portlet title={t(`resources.${userFieldsDescription.resource}.fields.alarmPreferences`)}>
      {me.data ? (
        <MyAlarmsForm key={me.data.id} user={me.data} />
      ) : me.isError ? (
        <FailureAlert error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <Skeleton height={420} maw={760} />
      )}
    </Portlet>
  );
}

/**
 * A switch with its sentence under it, outside its label: Mantine's description is inside the label and
 * would make the whole sentence the switch's name.
 */
function HintedSwitch({ hint, ...props }: SwitchProps & { hint: string }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Switch {...props} aria-describedby={id} styles={{ label: { fontWeight: 600 } }} />
      <Text id={id} size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function MyAlarmsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const defaults = roleKinds(user.roles);
  // The contract's word for equal clock times ("not valid") says too little here: the form says which.
  const formErrors = (errors: FieldErrors): FieldErrors => {
    const values = form.getValues();
    return errors[QUIET_TO] && values.alarmPreferences.quietHours.from === values.alarmPreferences.quietHours.to
      ? { ...errors, [QUIET_TO]: t(k('quietSame')) }
      : errors;
  };
  const { form, submit, failure, saving, unsaved } = useResourceForm({
    item: user,
    valuesOf: myAlarmsValuesOf,
    update: { schema, toInput: myAlarmsPatch, mutation: useUpdate(usersApi, user.id) },
    formErrors,
    messages: { saved: t(k('saved')) },
  });
  const values: MyAlarmsValues = form.getValues();
  const kindName = (kind: AlarmKind) => t(`resources.alarms.kinds.${kind}`);
  const kinds = form.getInputProps('alarmPreferences.kinds');

  const resetKinds = () => {
    form.setFieldValue('alarmPreferences.kinds', [...defaults]);
    form.setFieldValue('roleDefault', true);
  };

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={unsaved} />
      <Stack maw={760}>
        <Text size="sm">{t(k('intro'))}</Text>
        {failure && <FailureAlert>{failure}</FailureAlert>}

        <Checkbox.Group
          label={t(k('kinds'))}
          description={t(k('kindsHint'), {
            kinds:
              defaults.length === alarmKinds.length
                ? t(k('allKinds'))
                : defaults.length > 0
                  ? defaults.map(kindName).join(', ')
                  : t(k('noKinds')),
          })}
          {...kinds}
          onChange={(next: string[]) => {
            kinds.onChange(alarmKinds.filter((kind) => next.includes(kind)));
            form.setFieldValue('roleDefault', false);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {alarmKinds.map((kind) => (
              <Checkbox key={kind} value={kind} label={kindName(kind)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={resetKinds} disabled={values.roleDefault}>
            {t(k('resetKinds'))}
          </Button>
          {/* Mounted empty, so a screen reader reads the sentence when it comes. */}
          <Text size="sm" c="dimmed" aria-live="polite">
            {values.roleDefault ? t(k('resetPending')) : null}
          </Text>
        </Group>

        <MultiReferenceSelect
          api={tagsApi}
          view="my"
          baseQuery={{ company: user.company }}
          label={t(k('tags'))}
          description={t(k('tagsHint'))}
          placeholder={values.alarmPreferences.tags.length === 0 ? t(k('allTags')) : undefined}
          clearable
          {...form.getInputProps('alarmPreferences.tags')}
          value={values.alarmPreferences.tags}
        />

        <Divider />
        <HintedSwitch
          label={t(k('email'))}
          hint={t(k('emailHint'), { email: user.email })}
          {...form.getInputProps('alarmPreferences.email', { type: 'checkbox' })}
        />
        <HintedSwitch label={t(k('push'))} hint={t(k('pushHint'))} {...form.getInputProps('alarmPreferences.push', { type: 'checkbox' })} />
        {values.alarmPreferences.push && <PushToggle />}

        <Divider />
        <HintedSwitch label={t(k('quiet'))} hint={t(k('quietHint'))} {...form.getInputProps('quiet', { type: 'checkbox' })} />
        {values.quiet && (
          <SimpleGrid cols={{ base: 2 }} maw={360}>
            <TimeInput label={t(k('quietFrom'))} {...form.getInputProps('alarmPreferences.quietHours.from')} />
            <TimeInput label={t(k('quietTo'))} {...form.getInputProps(QUIET_TO)} />
          </SimpleGrid>
        )}

        <Group>
          <Button type="submit" loading={saving}>
            {t(k('save'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
