import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../http/client.ts';

/**
 * The submit block every form repeated (decision 032): clear the last problem, run the
 * call, show the server's field messages under their fields, otherwise turn the failure
 * into the form's own problem (the spec's message, a kind of alert), and log a failure that
 * is not the server's answer (the network, a bug). The form keeps its own markup.
 */
export interface SubmitOptions<TValues extends FieldValues, TProblem> {
  setError: UseFormSetError<TValues>;
  /** The fields this form shows: a server's message for one of them goes under it. */
  fields: readonly Path<TValues>[];
  /** The first field message also takes the focus. */
  focusField?: boolean;
  /** Logged with a failure that is not an answer from the server. */
  logMessage: string;
  /**
   * The form's problem for a refusal (an ApiError without a message for a shown field)
   * or another failure; null shows nothing.
   */
  problemFor: (error: unknown) => TProblem | null;
}

export interface Submit<TProblem> {
  problem: TProblem | null;
  setProblem: (problem: TProblem | null) => void;
  /**
   * Runs the call as the form's submit; resolves when its outcome is on screen. A submit
   * whose problem depends on its values passes its own `problemFor`.
   */
  run: (action: () => Promise<void>, problemFor?: (error: unknown) => TProblem | null) => Promise<void>;
}

/** The server's messages for the fields a form shows, in the order it sent them. */
export function shownFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly Path<TValues>[],
): [Path<TValues>, string][] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return Object.entries(error.fields).filter((entry): entry is [Path<TValues>, string] =>
    fields.includes(entry[0] as Path<TValues>),
  );
}

export function useSubmit<TValues extends FieldValues, TProblem = string>(
  options: SubmitOptions<TValues, TProblem>,
): Submit<TProblem> {
  const [problem, setProblem] = useState<TProblem | null>(null);
  const { setError, fields, focusField, logMessage, problemFor } = options;
  const run = useCallback(
    async (action: () => Promise<void>, problemForThis = problemFor) => {
      setProblem(null);
      try {
        await action();
      } catch (error) {
        const shown = shownFieldErrors(error, fields);
        if (shown.length > 0) {
          shown.forEach(([field, message], index) => {
            setError(field, { message }, { shouldFocus: focusField === true && index === 0 });
          });
          return;
        }
        if (!(error instanceof ApiError)) console.error(logMessage, error);
        setProblem(problemForThis(error));
      }
    },
    [setError, fields, focusField, logMessage, problemFor],
  );
  return { problem, setProblem, run };
}
