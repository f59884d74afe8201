import { useState } from 'react';
import { ButtonGroup, type ButtonSize } from '../../components/ButtonGroup.tsx';
import { fill } from '../../lib/i18n/locale.ts';

export interface ButtonGroupDemoProps {
  strings: Record<
    | 'sizes'
    | 'sizeLg'
    | 'sizeMd'
    | 'sizeSm'
    | 'toggleTitle'
    | 'view'
    | 'grid'
    | 'list'
    | 'map'
    | 'selected'
    | 'actionsTitle'
    | 'actions'
    | 'decrease'
    | 'increase'
    | 'reset'
    | 'quantity'
    | 'disabledTitle'
    | 'fulfilment'
    | 'pickup'
    | 'delivery'
    | 'both',
    string
  >;
}

type View = 'grid' | 'list' | 'map';

/** The button group in each size and mode; the first example uses no size, so it shows the default. */
export default function ButtonGroupDemo({ strings: s }: ButtonGroupDemoProps) {
  const [view, setView] = useState<View>('grid');
  const [count, setCount] = useState(1);
  const [fulfilment, setFulfilment] = useState<'pickup' | 'delivery' | 'both'>('pickup');
  const views = [
    { value: 'grid' as const, label: s.grid },
    { value: 'list' as const, label: s.list },
    { value: 'map' as const, label: s.map },
  ];
  const sizes: [ButtonSize | undefined, string][] = [
    [undefined, s.sizeLg],
    ['md', s.sizeMd],
    ['sm', s.sizeSm],
  ];
  return (
    <div className="demos">
      <section>
        <h2>{s.sizes}</h2>
        {sizes.map(([size, label]) => (
          <div className="row" key={label}>
            <span className="row-label">{label}</span>
            <ButtonGroup label={`${s.view} (${label})`} items={views} value={view} onChange={setView} size={size} />
          </div>
        ))}
      </section>
      <section>
        <h2>{s.toggleTitle}</h2>
        <ButtonGroup label={s.view} items={views} value={view} onChange={setView} />
        <p role="status">{fill(s.selected, { value: views.find((v) => v.value === view)?.label ?? view })}</p>
      </section>
      <section>
        <h2>{s.actionsTitle}</h2>
        <ButtonGroup
          label={s.actions}
          items={[
            { value: 'decrease', label: <IconText text={s.decrease}>−</IconText>, disabled: count <= 0 },
            { value: 'increase', label: <IconText text={s.increase}>+</IconText> },
            { value: 'reset', label: s.reset },
          ]}
          onAction={(action) =>
            setCount((value) => (action === 'reset' ? 1 : Math.max(0, value + (action === 'increase' ? 1 : -1))))
          }
        />
        <p role="status">{fill(s.quantity, { count })}</p>
      </section>
      <section>
        <h2>{s.disabledTitle}</h2>
        <ButtonGroup
          label={s.fulfilment}
          orientation="vertical"
          items={[
            { value: 'pickup', label: s.pickup },
            { value: 'delivery', label: s.delivery },
            { value: 'both', label: s.both, disabled: true },
          ]}
          value={fulfilment}
          onChange={setFulfilment}
        />
      </section>
    </div>
  );
}

function IconText({ text, children }: { text: string; children: string }) {
  return (
    <>
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{text}</span>
    </>
  );
}
