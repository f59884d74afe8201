import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import type enLists from '../../lib/i18n/locales/en/lists.json';
import { Alert, SubmitButton, TextField } from '../accounts/ui.tsx';
import {
  LIST_DESCRIPTION_MAX,
  LIST_NAME_MAX,
  type ListDetails,
  type ListDetailsInput,
  ListDetailsSchema,
} from './list-forms.ts';
import type { ListSummary } from './lists.ts';

export type ListsStrings = typeof enLists;

interface Props {
  strings: Pick<ListsStrings, 'fields' | 'validation'>;
  initial?: ListDetails;
  /** The call that saves (create or edit); its refusal of a field shows under that field. */
  save: (values: ListDetails) => Promise<ListSummary>;
  onSaved: (list: ListSummary) => void;
  /** The spec's message for this action when the save fails otherwise. */
  failedMessage: string;
  submitLabel: string;
  busyLabel: string;
  cancel?: { label: string; onCancel: () => void };
  focusName?: boolean;
}

/**
 * A list's name (required: 'Must not be blank.') and optional description, for create and
 * edit alike: react-hook-form with the schema the endpoints parse with.
 */
export default function ListDetailsForm(props: Props) {
  const { strings } = props;
  const schema = useMemo(() => ListDetailsSchema(strings.validation), [strings.validation]);
  const empty = { name: '', description: '' };
  const {
    field,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useIslandForm<ListDetailsInput, unknown, ListDetails>({
    resolver: zodResolver(schema),
    defaultValues: props.initial ?? empty,
  });
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once, when the form opens.
  useEffect(() => {
    // Not away from a field of the form the visitor went to before React: a page opened in
    // edit mode (?edit=1) shows the form as HTML first, and what is typed there stays there.
    if (props.focusName && !formRef.current?.contains(document.activeElement)) setFocus('name');
  }, []);

  const submit = useSubmit<ListDetailsInput, true>({
    setError,
    fields: ['name', 'description'],
    focusField: true,
    logMessage: 'Could not save the list',
    problemFor: () => true,
  });

  const onSubmit = handleSubmit((values) =>
    submit.run(async () => {
      const list = await props.save(values);
      reset(props.initial ? { name: list.name, description: list.description } : empty);
      props.onSaved(list);
    }),
  );

  return (
    <form ref={formRef} className="form" method="post" onSubmit={onSubmit} noValidate>
      {submit.problem && (
        <Alert kind="error">
          <p>{props.failedMessage}</p>
        </Alert>
      )}
      <TextField
        label={strings.fields.name}
        maxLength={LIST_NAME_MAX}
        autoComplete="off"
        registration={field('name')}
        error={errors.name}
      />
      <div className="field" data-invalid={errors.description ? '' : undefined}>
        <label htmlFor={descriptionId}>
          {strings.fields.description}
          <span className="field-optional"> ({strings.fields.optional})</span>
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={LIST_DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          {...field('description')}
        />
        {errors.description?.message && (
          <p className="field-error" id={`${descriptionId}-error`}>
            {errors.description.message}
          </p>
        )}
      </div>
      <div className="form-actions">
        <SubmitButton busy={isSubmitting} label={props.submitLabel} busyLabel={props.busyLabel} />
        {props.cancel && (
          <button type="button" className="btn btn--outline" onClick={props.cancel.onCancel}>
            {props.cancel.label}
          </button>
        )}
      </div>
    </form>
  );
}
