import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: the island's server HTML is shown at once and its JavaScript loads on
 * the shopper's first pointerdown, focus or key press inside it
 * (docs/decisions/031-islands-on-interaction.md). Clicks made while it loads are held back and
 * replayed once React has taken over, and a field typed into meanwhile hands its text to
 * React as an input event, so nothing the shopper did is lost.
 *
 * The value names query parameters that need the island at load (say `client:interaction="sku list"`:
 * the address picks a size or reopens a dialog): with one of them present it hydrates at once.
 *
 * Astro inlines this file into the page (its hash is in the Content-Security-Policy): it imports
 * nothing at run time.
 */
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;
const WAIT_MS = 10_000;

/** React marks each node it has hydrated with an own `__reactFiber$…` property. */
function hydratedByReact(node: Element | null): boolean {
  return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
}

function whenHydrated(el: HTMLElement): Promise<boolean> {
  const first = el.firstElementChild;
  const started = Date.now();
  return new Promise((resolve) => {
    const poll = () => {
      if (hydratedByReact(first)) resolve(true);
      else if (Date.now() - started > WAIT_MS) resolve(false);
      else setTimeout(poll, 16);
    };
    poll();
  });
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (node: Element): node is TextField =>
  (node instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(node.type)) ||
  node instanceof HTMLTextAreaElement;

const interactionDirective: ClientDirective = (load, options, el) => {
  const wanted = typeof options.value === 'string' ? options.value.split(/[\s,]+/).filter(Boolean) : [];
  const params = new URLSearchParams(location.search);
  if (wanted.some((name) => params.has(name))) {
    void load().then((hydrate) => hydrate());
    return;
  }

  const held: Element[] = [];
  let started = false;
  let ready = false;

  // Until React has taken over, a click does nothing but wait its turn.
  const holdClick = (event: MouseEvent) => {
    if (ready || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event.target);
  };
  el.addEventListener('click', holdClick, true);

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, true);
    try {
      const hydrate = await load();
      // A field typed into before React: React takes the server's value, then is told of the text.
      const typed = [...el.querySelectorAll('input, textarea')]
        .filter(isTextField)
        .filter((field) => field.value !== field.defaultValue)
        .map((field) => ({ field, text: field.value }));
      for (const { field } of typed) field.value = field.defaultValue;
      await hydrate();
      await whenHydrated(el);
      ready = true;
      for (const { field, text } of typed) {
        const prototype = Object.getPrototypeOf(field) as TextField;
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      for (const target of held.splice(0)) if (target.isConnected) (target as HTMLElement).click();
    } finally {
      ready = true;
      el.removeEventListener('click', holdClick, true);
    }
  };
  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true });
};

export default interactionDirective;
