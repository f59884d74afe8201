import { type ChangeEvent, type InputHTMLAttributes, type Ref, useMemo } from 'react';
import { applyMask, caretAfterFilled, countFilled, parseMask } from './input-mask.ts';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'> {
  /** The spec's mask: `#` digit, `@` letter, `*` letter or digit, `!` escape. */
  mask: string;
  /** Write letters in upper case (postal codes). */
  uppercase?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input that keeps its value in the mask's shape as the user types or pastes, with
 * the caret kept after the same typed character. Works with react-hook-form's `register`
 * (uncontrolled): the value is rewritten before the registered onChange reads it.
 */
export default function MaskedInput({ mask, uppercase, onChange, ref, ...input }: Props) {
  const tokens = useMemo(() => parseMask(mask), [mask]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const caret = field.selectionStart ?? field.value.length;
    const typedBeforeCaret = countFilled(field.value.slice(0, caret), tokens, { uppercase });
    const masked = applyMask(field.value, tokens, { uppercase });
    if (masked.value !== field.value) {
      field.value = masked.value;
      const position = caretAfterFilled(masked.value, tokens, typedBeforeCaret);
      if (field.ownerDocument.activeElement === field) field.setSelectionRange(position, position);
    }
    onChange?.(event);
  }

  return <input ref={ref} type="text" {...input} onChange={handleChange} />;
}
