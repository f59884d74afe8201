import type { ReactNode } from 'react';
import './button-group.css';

/** The design system's default button size (spec §9: "default button size lg"). */
export const DEFAULT_BUTTON_SIZE = 'lg';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonGroupItem<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

interface BaseProps<V extends string> {
  /** Names the group for assistive technology. */
  label: string;
  items: readonly ButtonGroupItem<V>[];
  size?: ButtonSize;
  orientation?: 'horizontal' | 'vertical';
}

interface ActionProps<V extends string> extends BaseProps<V> {
  /** Each button runs an action. */
  onAction: (value: V) => void;
  value?: never;
  onChange?: never;
}

interface ChoiceProps<V extends string> extends BaseProps<V> {
  /** One button is pressed at a time, like a segmented control. */
  value: V;
  onChange: (value: V) => void;
  onAction?: never;
}

export type ButtonGroupProps<V extends string> = ActionProps<V> | ChoiceProps<V>;

/**
 * Buttons joined into one control: actions side by side (− / + / reset), or a single choice
 * among a few (grid / list). Large unless asked otherwise; every size keeps a 44 px target.
 */
export function ButtonGroup<V extends string>(props: ButtonGroupProps<V>) {
  const { label, items, size = DEFAULT_BUTTON_SIZE, orientation = 'horizontal' } = props;
  const choosing = props.onChange !== undefined;
  return (
    <fieldset className={`button-group button-group--${size} button-group--${orientation}`} data-size={size}>
      <legend className="visually-hidden">{label}</legend>
      {items.map((item) => {
        const pressed = choosing ? item.value === props.value : undefined;
        return (
          <button
            key={item.value}
            type="button"
            className="button-group__button"
            aria-pressed={pressed}
            disabled={item.disabled}
            onClick={() => (choosing ? props.onChange?.(item.value) : props.onAction?.(item.value))}
          >
            {item.label}
          </button>
        );
      })}
    </fieldset>
  );
}
