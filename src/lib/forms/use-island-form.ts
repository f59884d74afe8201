import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import { useIslandCommitted } from '../islands/use-committed.ts';

/**
 * react-hook-form's `useForm`, for a form in an island (docs/decisions/048-native-first-islands.md).
 * As it registers a radio group, react-hook-form writes the group's default into it, undoing
 * a choice the visitor made before React (it keeps typed text, a select or a checkbox as it
 * finds them). The form says when its fields are registered, within React's commit, and the
 * choice is handed back in that same task, before anything can paint.
 */
export function useIslandForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
>(props: UseFormProps<TFieldValues, TContext, TTransformed>): UseFormReturn<TFieldValues, TContext, TTransformed> {
  const form = useForm<TFieldValues, TContext, TTransformed>(props);
  useIslandCommitted();
  return form;
}
