import { useCallback } from 'react';
import {
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
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

const wholeSelection = (field: SelectableField) =>
  field.selectionStart === 0 && field.selectionEnd === field.value.length;

/**
 * A field's registration whose ref keeps the visitor's choice of "all of it" when the field is
 * written beneath it as React takes over (docs/decisions/048-native-first-islands.md):
 * - react-hook-form writes the form's default into a field as its ref attaches, in React's
 *   commit, unless the visitor has typed into it. A visitor who had focused an empty field and
 *   selected it (Playwright's fill() selects, then types) had the caret moved to the end of the
 *   text written, and their typing came after it.
 * - React writes a textarea's `defaultValue` as it hydrates and on every render, and in
 *   Chromium that puts a textarea the visitor has not typed into back to a caret at its start:
 *   a selection of the server's text was lost before the ref attached, and the typing came
 *   before the old text. `selectedAtRender` is the field the visitor had wholly selected when
 *   the form rendered (`wholeSelectionOf`).
 * The text is selected again, so what they type replaces it, as it would have replaced what the
 * field showed when they selected it.
 */
export function keepingSelection<TName extends string>(
  registration: UseFormRegisterReturn<TName>,
  selectedAtRender?: unknown,
): UseFormRegisterReturn<TName> {
  const { ref } = registration;
  return {
    ...registration,
    ref: (node) => {
      const field = isSelectable(node) && node.ownerDocument.activeElement === node ? node : undefined;
      const whole = field !== undefined && (field === selectedAtRender || wholeSelection(field));
      ref(node);
      if (field && whole && !wholeSelection(field)) field.select();
    },
  };
}

/** The focused text field of this name, if the visitor has selected all of it (in a browser). */
function wholeSelectionOf(name: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const active = document.activeElement;
  const text = active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement ? active : undefined;
  return text && text.name === name && isSelectable(text) && wholeSelection(text) ? text : undefined;
}

/** A registration that also shows the form's default in the server's HTML (`field`). */
export type FieldRegistration<TName extends string> = UseFormRegisterReturn<TName> & {
  defaultValue?: string;
  defaultChecked?: boolean;
  value?: string;
};

/** The default `field` shows for a registration, from the form's default values. */
export function serverDefault(start: unknown, box?: string): { defaultValue?: string; defaultChecked?: boolean } {
  if (box !== undefined) return { defaultChecked: Array.isArray(start) && start.map(String).includes(box) };
  if (typeof start === 'boolean') return { defaultChecked: start };
  if (typeof start === 'string' || typeof start === 'number') return { defaultValue: String(start) };
  return {};
}

export interface IslandForm<TFieldValues extends FieldValues, TContext, TTransformed>
  extends UseFormReturn<TFieldValues, TContext, TTransformed> {
  /**
   * `register`, and the form's default for the field in the server's HTML (its text, or whether
   * a checkbox is ticked): before React has loaded, and with no JavaScript at all, the field
   * shows what it holds instead of standing empty while react-hook-form waits to write it.
   * `box` is the value of one checkbox of a group whose default is an array. Not for radios:
   * they name their own `value` and `defaultChecked`.
   */
  field: <TName extends FieldPath<TFieldValues>>(
    name: TName,
    options?: RegisterOptions<TFieldValues, TName>,
    box?: string,
  ) => FieldRegistration<TName>;
}

/**
 * react-hook-form's `useForm`, for a form in an island (docs/decisions/048-native-first-islands.md).
 * As it registers a radio group, react-hook-form writes the group's default into it, undoing
 * a choice the visitor made before React (it keeps typed text, a select or a checkbox as it
 * finds them). The form says when its fields are registered, within React's commit, and the
 * choice is handed back in that same task, before anything can paint. Its `register` keeps a
 * selection made before React (`keepingSelection`), and its `field` shows the form's defaults in
 * the server's HTML.
 */
export function useIslandForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
>(props: UseFormProps<TFieldValues, TContext, TTransformed>): IslandForm<TFieldValues, TContext, TTransformed> {
  const form = useForm<TFieldValues, TContext, TTransformed>(props);
  const { register: registerField } = form;
  const register = useCallback<UseFormRegister<TFieldValues>>(
    (name, options) => keepingSelection(registerField(name, options), wholeSelectionOf(name)),
    [registerField],
  );
  const defaults = form.formState.defaultValues;
  const field: IslandForm<TFieldValues, TContext, TTransformed>['field'] = (name, options, box) => ({
    ...register(name, options),
    ...(box === undefined ? {} : { value: box }),
    ...serverDefault(get(defaults, name), box),
  });
  useIslandCommitted();
  return { ...form, register, field };
}
