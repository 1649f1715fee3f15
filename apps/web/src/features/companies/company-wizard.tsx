import type { Company, CompanyCreate, CompanyPatch, Logger, LoggerCredential, User } from '@kovanica/contract';
import { Button, Group, Stack, Stepper, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import type { FieldErrors } from '../../lib/forms.ts';
import { serverFieldErrors } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useMaxWidth } from '../../lib/screen.ts';
import { useCreateCompany, useUpdateCompany } from './api.ts';
import {
  type CompanyValues,
  companyValuesOf,
  createBodyOf,
  emptyCompanyValues,
  formErrorsOf,
  LAST_STEP,
  missingOf,
  patchOf,
  positionOf,
  stepOfField,
  stepValidator,
  type WizardMode,
  wizardSteps,
} from './company-form.ts';
import { CompanyStepCheck } from './company-step-check.tsx';
import { CompanyStepInfo } from './company-step-info.tsx';
import { CompanyStepModules } from './company-step-modules.tsx';
import { CompanyStepUsers } from './company-step-users.tsx';
import classes from './company-wizard.module.css';
import { IssuedCredentialsModal } from './issued-credentials-modal.tsx';

interface CompanyWizardProps {
  /** Given, the wizard edits this company; otherwise it creates one. */
  company?: Company;
  /** The company's users and loggers now, shown read-only on edit above what the wizard adds. */
  currentUsers?: User[];
  currentLoggers?: Logger[];
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * The company wizard of original §4, shared by new and edit: company information, modules and
 * loggers, users, final check. It starts at step 1; a move forward is cancelled while the step
 * it leaves is invalid; going back, or to a done step, is always allowed. The company, its loggers
 * and its users are saved in one request at the end.
 */
export function CompanyWizard({ company, currentUsers, currentLoggers }: CompanyWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode: WizardMode = company ? 'edit' : 'create';
  // The form's starting point, kept for the whole visit: an edit sends only what differs from it.
  const [initial] = useState<CompanyValues>(() => (company ? companyValuesOf(company) : emptyCompanyValues()));
  const form = useForm<CompanyValues>({ initialValues: initial });
  const validators = useMemo(() => wizardSteps.map((_, i) => stepValidator(mode, i, currentLanguage)), [mode]);
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? 0);
  const [active, setActive] = useState(0);
  const [stepInvalid, setStepInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [issued, setIssued] = useState<LoggerCredential[]>([]);
  const [leaving, setLeaving] = useState(false);
  const narrow = useMaxWidth('sm');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusNext = useRef<'heading' | 'invalid' | null>(null);

  // Leave only after the render that drops the unsaved-changes guard, or the guard would stop us.
  useEffect(() => {
    if (leaving) void navigate({ to: '/companies/list' });
  }, [leaving, navigate]);

  // After a move the focus goes to the new step's heading, so keyboard and screen-reader users
  // continue where the content is; after a refused move, to the first field in error.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const invalid = target === 'invalid' ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    (invalid ?? headingRef.current)?.focus();
  });

  const show = (step: number, focus: 'heading' | 'invalid' = 'heading') => {
    focusNext.current = focus;
    setActive(step);
  };

  /** Checks steps from..to-1; stops at the first invalid one, shows its errors and stays there. */
  const passes = (from: number, to: number): boolean => {
    const values = form.getValues();
    for (let i = from; i < to; i++) {
      const errors = validators[i]?.(values) ?? {};
      if (hasErrors(errors)) {
        show(i, 'invalid');
        form.setErrors(errors);
        setStepInvalid(true);
        return false;
      }
    }
    return true;
  };

  const goTo = (target: number) => {
    if (target < 0 || target > LAST_STEP || target === active) return;
    setFailure(null);
    if (target > active && !passes(active, target)) return;
    setStepInvalid(false);
    show(target);
  };

  /** From the final check back to a step that lacks something, its errors shown. */
  const fix = (step: number) => {
    setFailure(null);
    show(step, 'invalid');
    form.setErrors(validators[step]?.(form.getValues()) ?? {});
    setStepInvalid(true);
  };

  const save = async () => {
    setFailure(null);
    if (!passes(0, LAST_STEP)) return;
    setStepInvalid(false);
    const values = form.getValues();
    try {
      let result: Company;
      if (mode === 'create') {
        const body: CompanyCreate | null = createBodyOf(values);
        if (!body) throw new Error('the create body is not valid');
        result = await create.mutateAsync(body);
      } else {
        const patch: CompanyPatch | null = patchOf(initial, values);
        if (!patch) throw new Error('the patch is not valid');
        result = await update.mutateAsync(patch);
      }
      form.resetDirty();
      setSaved(true);
      notifications.show({ color: 'teal', message: t(mode === 'create' ? 'resources.companies.created' : 'resources.companies.saved') });
      const credentials = result.issuedCredentials ?? [];
      if (credentials.length > 0) setIssued(credentials);
      else setLeaving(true);
    } catch (error) {
      const errors = formErrorsOf(serverFieldErrors(error), values);
      if (hasErrors(errors)) {
        // Back to the earliest step holding a field the server refused, with the field's message.
        show(Math.min(...Object.keys(errors).map(stepOfField)), 'invalid');
        form.setErrors(errors);
      }
      setFailure(failureText(error, t('errors.genericText')));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (active < LAST_STEP) goTo(active + 1);
    else void save();
  };

  const position = positionOf(active);
  const saving = create.isPending || update.isPending;
  const stateOf = (i: number) => (i < active ? 'done' : i === active ? 'current' : 'pending');
  const stepTitle = (i: number) => t(`resources.companies.wizard.steps.${wizardSteps[i]?.key ?? 'company'}`);
  const values = form.getValues();

  const content = (i: number) => {
    switch (wizardSteps[i]?.key) {
      case 'company':
        return <CompanyStepInfo form={form} self={company?.['@id']} />;
      case 'modules':
        return <CompanyStepModules form={form} currentLoggers={currentLoggers} />;
      case 'users':
        return <CompanyStepUsers form={form} currentUsers={currentUsers} />;
      default:
        return (
          <CompanyStepCheck
            values={values}
            missing={missingOf(validators, values).map((m) => ({ ...m, title: stepTitle(m.step) }))}
            onGoTo={fix}
          />
        );
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-position={position} aria-label={t('resources.companies.wizard.label')}>
      <UnsavedChangesGuard dirty={form.isDirty() && !saved} />
      <Stepper active={active} onStepClick={goTo} allowNextStepsSelect size={narrow ? 'sm' : 'md'} mb="lg">
        {/* On a phone the steps show as numbered icons only; the heading below names the current one. */}
        {wizardSteps.map((step, i) => (
          <Stepper.Step
            key={step.key}
            label={narrow ? undefined : stepTitle(i)}
            description={narrow ? undefined : t(`resources.companies.wizard.state.${stateOf(i)}`)}
            aria-current={i === active ? 'step' : undefined}
            aria-label={t('resources.companies.wizard.stepAria', {
              n: i + 1,
              title: stepTitle(i),
              state: t(`resources.companies.wizard.state.${stateOf(i)}`),
            })}
          />
        ))}
      </Stepper>

      <Stack gap="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {t('resources.companies.wizard.stepHeading', { n: active + 1, count: wizardSteps.length, title: stepTitle(active) })}
        </Title>
        {stepInvalid && <FailureAlert>{t('resources.companies.wizard.allRequired')}</FailureAlert>}
        {failure && !stepInvalid && <FailureAlert>{failure}</FailureAlert>}
        {content(active)}
        <Group justify="space-between" className={classes.nav}>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => goTo(active - 1)}
            disabled={position === 'first'}
          >
            {t('resources.companies.wizard.previous')}
          </Button>
          {position === 'last' ? (
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving}>
              {t('resources.companies.wizard.save')}
            </Button>
          ) : (
            <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
              {t('resources.companies.wizard.next')}
            </Button>
          )}
        </Group>
      </Stack>
      <IssuedCredentialsModal issued={issued} onDone={() => setLeaving(true)} />
    </form>
  );
}
