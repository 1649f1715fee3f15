import { type Language, pickLanguage, toViolations, type Violation } from '@kovanica/contract';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, isApiError } from './api.ts';

export type FieldErrors = Record<string, string>;

/**
 * A @mantine/form validator from a contract schema. Messages come from the contract's texts, so a
 * field reads the same whether the browser or the server found the problem.
 */
export function schemaValidator<V>(schema: z.ZodType, lang: () => Language, toInput: (values: V) => unknown = (v) => v) {
  return (values: V): FieldErrors => {
    const input = toInput(values);
    const result = schema.safeParse(input);
    return result.success ? {} : violationsToErrors(toViolations(result.error.issues, input, lang()));
  };
}

/** Field errors keyed by property path; the first message per field wins. */
export function violationsToErrors(violations: readonly Pick<Violation, 'propertyPath' | 'message'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const v of violations) errors[v.propertyPath] ??= v.message;
  return errors;
}

/** The 422 violations of a failed save, as field errors; empty when the failure was something else. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.status === 422 && error.problem?.violations) {
    return violationsToErrors(error.problem.violations);
  }
  return {};
}

/** What a save needs of a `useMutation` result. */
export interface SaveMutation<Item, Body> {
  mutateAsync: (body: Body) => Promise<Item>;
  isPending: boolean;
}

/**
 * One way of saving (create or update). `schema` checks `toInput(values, initial)` in the browser;
 * what is sent is that input parsed by the schema, or `toBody(values, initial)` where the form sends
 * something else than it checks (a merge-patch of only what changed). `initial` is the form's
 * starting point: the item as last saved.
 */
export type SaveWith<Values, Item, Body> = {
  toInput: (values: Values, initial: Values) => unknown;
  mutation: SaveMutation<Item, Body>;
} & (
  | { schema: z.ZodType<NoInfer<Body>>; toBody?: undefined }
  | { schema: z.ZodType; toBody: (values: Values, initial: Values) => NoInfer<Body> }
);

export type ResourceFormOptions<Values, Item, CreateBody, PatchBody> = {
  update: SaveWith<Values, Item, PatchBody>;
  /** The API's field paths as the form's fields, for errors found in the browser and by the server (`roles.0` → `role`). */
  formErrors?: (errors: FieldErrors) => FieldErrors;
} & (
  | {
      /** The saved item to edit; undefined for a new one. */
      item: NoInfer<Item> | undefined;
      /** The form's values of a saved item, or of a new one (undefined); after a save, of the answer. */
      valuesOf: (item: Item | undefined) => Values;
      /** A new item's values over `valuesOf(undefined)`, e.g. the company chosen in the header. */
      newValues?: Partial<Values>;
      create: SaveWith<Values, Item, CreateBody>;
      /**
       * The notices after a create and after a save. `invalid`, given, is said beside the button when
       * the browser finds a problem, and the first field in error is focused: in a long form it may be
       * folded or far up. `createFailed`, given, leads the text of a failed create that is not about
       * a field (a resource's own wording, e.g. the promo boxes' of the original).
       */
      messages: { created: string; saved: string; invalid?: string; createFailed?: string };
      /** After a create is saved and notified: usually, open the new item's edit page. */
      onCreated: (saved: Item) => void;
    }
  | {
      /** An edit-only form (settings, one's own profile): the item is always there. */
      item: NoInfer<Item>;
      valuesOf: (item: Item) => Values;
      newValues?: undefined;
      create?: undefined;
      messages: { saved: string; invalid?: string };
      onCreated?: undefined;
    }
);

export interface ResourceForm<Values> {
  form: UseFormReturnType<Values>;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** A failure that belongs to no field (or, with `messages.invalid`, that some field needs fixing); null when none. */
  failure: string | null;
  saving: boolean;
  /** There are changes and no save is under way: what the unsaved-changes guard asks about. */
  unsaved: boolean;
  isNew: boolean;
}

function send<Values, Item, Body>(save: SaveWith<Values, Item, Body>, values: Values, initial: Values): Promise<Item> {
  const body = save.toBody ? save.toBody(values, initial) : save.schema.parse(save.toInput(values, initial));
  return save.mutation.mutateAsync(body);
}

function initialValuesOf<Values, Item, C, P>(options: ResourceFormOptions<Values, Item, C, P>): Values {
  if (!options.create) return options.valuesOf(options.item);
  return options.item === undefined ? { ...options.valuesOf(undefined), ...options.newValues } : options.valuesOf(options.item);
}

/**
 * The plumbing every create-and-edit form of a resource shares, written once so each form is its
 * fields: contract-schema validation; a create that notifies and hands the new item on (to open its
 * edit page); an update that makes the answer the new starting point, so the form is clean again;
 * 422 violations on their fields and any other failure as one text for the form's alert.
 */
export function useResourceForm<Values extends object, Item, CreateBody = never, PatchBody = never>(
  options: ResourceFormOptions<Values, Item, CreateBody, PatchBody>,
): ResourceForm<Values> {
  // The language from react-i18next's instance, not lib/i18n: this module stays importable without a
  // DOM, as the company wizard's unit-tested rules import it.
  const { t, i18n } = useTranslation();
  const lang = () => pickLanguage(i18n.language);
  const { update, messages, formErrors = (errors) => errors } = options;
  const isNew = options.item === undefined;
  const checked = isNew && options.create ? options.create : update;
  const [failure, setFailure] = useState<string | null>(null);
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: initialValuesOf(options),
    validate: (values: Values) =>
      formErrors(schemaValidator<Values>(checked.schema, lang, (v) => checked.toInput(v, form.getInitialValues()))(values)),
  });
  const saving = (options.create?.mutation.isPending ?? false) || update.mutation.isPending;

  const invalid = messages.invalid;
  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        if (isNew && options.create) {
          const saved = await send(options.create, values, form.getInitialValues());
          form.resetDirty();
          notifications.show({ color: 'teal', message: options.messages.created });
          options.onCreated(saved);
        } else {
          const next = options.valuesOf(await send(update, values, form.getInitialValues()));
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notifications.show({ color: 'teal', message: messages.saved });
        }
      } catch (error) {
        const fieldErrors = formErrors(serverFieldErrors(error));
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        else {
          const text = (isApiError(error) && error.userMessage) || t('errors.genericText');
          const lead = isNew && options.create ? options.messages.createFailed : undefined;
          setFailure(lead ? `${lead} ${text}` : text);
        }
      }
    },
    invalid === undefined
      ? undefined
      : () => {
          setFailure(invalid);
          requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
        },
  );

  return { form, submit, failure, saving, unsaved: form.isDirty() && !saving, isNew };
}
