import { type ChangeEvent, type InputHTMLAttributes, type Ref, useMemo } from 'react';
import { type MaskOptions, maskEdit, parseMask } from './input-mask.ts';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'> {
  /** The spec's mask: `#` digit, `@` letter, `*` letter or digit, `!` escape. */
  mask: string;
  /** Write letters in upper case (postal codes). */
  uppercase?: boolean;
  /** Characters at the start of the input to set aside (a phone number's country code). */
  skipPrefix?: MaskOptions['skipPrefix'];
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input that keeps its value in the mask's shape as the user types or pastes, with
 * the caret kept after the same typed character. Works with react-hook-form's `register`
 * (uncontrolled): the value is rewritten before the registered onChange reads it.
 */
export default function MaskedInput({ mask, uppercase, skipPrefix, onChange, ref, ...input }: Props) {
  const tokens = useMemo(() => parseMask(mask), [mask]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const caret = field.selectionStart ?? field.value.length;
    const edit = maskEdit(field.value, caret, tokens, { uppercase, skipPrefix });
    if (edit.value !== field.value) {
      field.value = edit.value;
      if (field.ownerDocument.activeElement === field) field.setSelectionRange(edit.caret, edit.caret);
    }
    onChange?.(event);
  }

  return <input ref={ref} type="text" {...input} onChange={handleChange} />;
}
