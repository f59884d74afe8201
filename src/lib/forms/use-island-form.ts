import { useCallback } from 'react';
import {
  type FieldValues,
  type UseFormProps,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useIslandCommitted } from '../islands/use-committed.ts';

/** What the ref of a text field is handed: the selection is read through it, nothing else. */
interface SelectableField {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  ownerDocument: { activeElement: unknown };
  select(): void;
}

const isSelectable = (node: unknown): node is SelectableField =>
  typeof node === 'object' && node !== null && 'selectionStart' in node && 'select' in node;

/**
 * A field's registration whose ref keeps the visitor's choice of "all of it" when the form
 * writes its start value into the field (docs/decisions/048-native-first-islands.md). The
 * server's HTML shows a registered field empty; react-hook-form writes the form's default into
 * it as its ref attaches, in React's commit, unless the visitor has typed into it. A visitor
 * who had focused the field and selected it (Playwright's fill() selects, then types) had the
 * caret moved to the end of the text written beneath it, and their typing came after it. The
 * text is selected again, so what they type replaces it, as it would have replaced what the
 * field showed when they selected it.
 */
export function keepingSelection<TName extends string>(
  registration: UseFormRegisterReturn<TName>,
): UseFormRegisterReturn<TName> {
  const { ref } = registration;
  return {
    ...registration,
    ref: (node) => {
      const field = isSelectable(node) && node.ownerDocument.activeElement === node ? node : undefined;
      const whole = field && field.selectionStart === 0 && field.selectionEnd === field.value.length;
      const before = whole ? field.value : undefined;
      ref(node);
      if (field && before !== undefined && field.value !== before) field.select();
    },
  };
}

/**
 * react-hook-form's `useForm`, for a form in an island (docs/decisions/048-native-first-islands.md).
 * As it registers a radio group, react-hook-form writes the group's default into it, undoing
 * a choice the visitor made before React (it keeps typed text, a select or a checkbox as it
 * finds them). The form says when its fields are registered, within React's commit, and the
 * choice is handed back in that same task, before anything can paint. Its `register` keeps a
 * selection made before React (`keepingSelection`).
 */
export function useIslandForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
>(props: UseFormProps<TFieldValues, TContext, TTransformed>): UseFormReturn<TFieldValues, TContext, TTransformed> {
  const form = useForm<TFieldValues, TContext, TTransformed>(props);
  const { register: registerField } = form;
  const register = useCallback<UseFormRegister<TFieldValues>>(
    (name, options) => keepingSelection(registerField(name, options)),
    [registerField],
  );
  useIslandCommitted();
  return { ...form, register };
}
