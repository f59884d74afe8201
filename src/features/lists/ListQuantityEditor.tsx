import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fill } from '../../lib/i18n/locale.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import type { ListsStrings } from './ListDetailsForm.tsx';
import { ListItemQuantitySchema } from './list-forms.ts';
import type { ListItemView } from './lists.ts';

/** A quantity from 1 to 9,999: the stepper saves at once, typing saves on Enter or leaving the field. */
export default function ListQuantityEditor({
  item,
  strings,
  disabled,
  onCommit,
}: {
  item: ListItemView;
  strings: ListsStrings;
  disabled: boolean;
  onCommit: (quantity: number) => Promise<boolean>;
}) {
  const s = strings.detail;
  const line = { name: item.productName, size: item.sizeLabel };
  const id = useId();
  const [value, setValue] = useState(String(item.quantity));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter saves, and the field then loses focus: one save, not two.
  const inFlight = useRef(false);
  const schema = useMemo(() => ListItemQuantitySchema(strings.validation), [strings.validation]);

  useEffect(() => setValue(String(item.quantity)), [item.quantity]);

  const commit = async (raw: string) => {
    const parsed = schema.safeParse({ quantity: raw.trim() === '' ? Number.NaN : Number(raw) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? strings.validation.quantityInvalid);
      return;
    }
    setError(null);
    if (parsed.data.quantity === item.quantity || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    const saved = await onCommit(parsed.data.quantity);
    inFlight.current = false;
    setSaving(false);
    if (!saved) setValue(String(item.quantity));
  };

  const step = (delta: number) => {
    const next = Math.min(MAX_QUANTITY, Math.max(1, item.quantity + delta));
    setValue(String(next));
    void commit(String(next));
  };

  return (
    <div className="field list-quantity" data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className="visually-hidden">
        {fill(s.quantityOf, line)}
      </label>
      <span className="muted" aria-hidden="true">
        {s.quantity}
      </span>
      <div className="stepper">
        <button
          type="button"
          aria-label={fill(s.decrease, line)}
          onClick={() => step(-1)}
          disabled={disabled || saving || item.quantity <= 1}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={value}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => void commit(value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void commit(value);
            }
          }}
        />
        <button
          type="button"
          aria-label={fill(s.increase, line)}
          onClick={() => step(1)}
          disabled={disabled || saving || item.quantity >= MAX_QUANTITY}
        >
          +
        </button>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
