/**
 * Native first, then React (docs/decisions/048-native-first-islands.md). Until an island has
 * hydrated, its server HTML behaves as HTML: a radio or checkbox changes when pressed, a field
 * shows what is typed, a select picks, a link follows. Only presses on buttons, which need the
 * island, are held: the button says it is busy at once, leaving the page meanwhile asks first,
 * and the press is replayed once React has taken over. At hydration React adopts what the DOM
 * holds: each field is put back to the server's state, React hydrates, and each change is
 * then handed to React as the event a visitor would have sent (input, change, click), so
 * controlled state and react-hook-form's fields both learn it.
 *
 * If the island never hydrates (its script failed on a bad network), the held presses are
 * released to the browser: a submit button then posts its form as plain HTML.
 *
 * Imported by the client directives only; Astro bundles each directive and inlines it into the
 * page (its hash is in the Content-Security-Policy), so this module imports nothing.
 */

const WAIT_MS = 10_000;
/** Set on a held button until its press has been carried out (styled in global.css). */
export const PENDING_ATTRIBUTE = 'data-island-pending';

/** React marks each node it has hydrated with an own `__reactFiber$…` property. */
function hydratedByReact(node: Element | null): boolean {
  return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Whether React has taken over the island: its first element is one React rendered. Read
 * afresh each time, since a hydration that does not match the server's HTML (a clock, say)
 * makes React render the island anew, replacing the server's nodes rather than marking them.
 */
function whenHydrated(el: HTMLElement): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const poll = () => {
      if (hydratedByReact(el.firstElementChild)) resolve(true);
      else if (Date.now() - started > WAIT_MS) resolve(false);
      else setTimeout(poll, 16);
    };
    poll();
  });
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
type Touched =
  | { kind: 'text'; field: TextField; value: string }
  | { kind: 'select'; field: HTMLSelectElement; index: number }
  | { kind: 'check'; field: HTMLInputElement; checked: boolean }
  | { kind: 'file'; field: HTMLInputElement };

const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']);
const isCheckable = (node: Element): node is HTMLInputElement =>
  node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio');
const isTextField = (node: Element): node is TextField =>
  (node instanceof HTMLInputElement && !NOT_TEXT.has(node.type)) || node instanceof HTMLTextAreaElement;
const serverIndex = (select: HTMLSelectElement) =>
  Math.max(
    0,
    [...select.options].findIndex((option) => option.defaultSelected),
  );

/** Every field the visitor changed from the server's HTML, in page order. */
function touchedFields(el: HTMLElement): Touched[] {
  const touched: Touched[] = [];
  for (const field of el.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLInputElement && field.type === 'file') {
      // Files chosen before React: the DOM keeps them (React never sets a file field's value).
      if (field.files?.length) touched.push({ kind: 'file', field });
    } else if (isCheckable(field)) {
      if (field.checked !== field.defaultChecked) touched.push({ kind: 'check', field, checked: field.checked });
    } else if (isTextField(field)) {
      if (field.value !== field.defaultValue) touched.push({ kind: 'text', field, value: field.value });
    } else if (field instanceof HTMLSelectElement && !field.multiple) {
      if (field.selectedIndex !== serverIndex(field))
        touched.push({ kind: 'select', field, index: field.selectedIndex });
    }
  }
  return touched;
}

/** The fields as the server rendered them: what React expects to find when it hydrates. */
function putBack(touched: Touched[]): void {
  for (const entry of touched) {
    if (entry.kind === 'file') continue;
    if (entry.kind === 'check') entry.field.checked = entry.field.defaultChecked;
    else if (entry.kind === 'text') entry.field.value = entry.field.defaultValue;
    else entry.field.selectedIndex = serverIndex(entry.field);
  }
}

/**
 * Hands each change to React as the visitor's own event. The value is set through the
 * prototype's setter, beneath React's value tracker, so React sees a change and calls onChange.
 */
function handOver(touched: Touched[]): void {
  for (const entry of touched) {
    if (!entry.field.isConnected) continue;
    if (entry.kind === 'file') {
      // The files are still chosen: React's onChange is told of them as of a fresh choice.
      if (entry.field.files?.length) entry.field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (entry.kind === 'check') {
      const { field } = entry;
      // A radio is only ever chosen; the one it replaced is cleared by the click.
      if (field.checked !== entry.checked && (field.type !== 'radio' || entry.checked)) field.click();
    } else if (entry.kind === 'text') {
      const { field } = entry;
      if (field.value === entry.value) continue;
      const prototype = Object.getPrototypeOf(field) as TextField;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, entry.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    } else if (entry.field.selectedIndex !== entry.index) {
      const { field } = entry;
      const prototype = Object.getPrototypeOf(field) as HTMLSelectElement;
      Object.getOwnPropertyDescriptor(prototype, 'selectedIndex')?.set?.call(field, entry.index);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

const BUTTONS =
  'button, input[type="submit"], input[type="button"], input[type="reset"], input[type="image"], [role="button"]';

/** The button a click pressed, if the press needs the island; links, labels and fields act natively. */
function heldButton(target: EventTarget | null, el: HTMLElement): HTMLElement | undefined {
  if (!(target instanceof Element)) return undefined;
  const button = target.closest<HTMLElement>(BUTTONS);
  return button && el.contains(button) ? button : undefined;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a client directive hands over: `load()` fetches the component, its result hydrates it. */
export type Load = () => Promise<() => Promise<void>>;

/**
 * Holds the island's button presses from now on and returns `start`, which loads and hydrates
 * the island, adopting what the visitor did meanwhile. `start` runs once, however often called.
 */
export function adoptingHydration(load: Load, el: HTMLElement): () => Promise<void> {
  const held: HTMLElement[] = [];
  const heldForms: HTMLFormElement[] = [];
  let ready = false;
  let started: Promise<void> | undefined;

  const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  };

  const holdClick = (event: MouseEvent) => {
    if (ready) return;
    const button = heldButton(event.target, el);
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.includes(button)) return;
    held.push(button);
    button.setAttribute(PENDING_ATTRIBUTE, '');
    button.setAttribute('aria-busy', 'true');
    window.addEventListener('beforeunload', warnBeforeLeaving);
  };
  // A form submitted without a button (Enter in its only field) waits too.
  const holdSubmit = (event: SubmitEvent) => {
    if (ready || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!heldForms.includes(event.target)) heldForms.push(event.target);
  };
  el.addEventListener('click', holdClick, true);
  el.addEventListener('submit', holdSubmit, true);

  const release = () => {
    ready = true;
    el.removeEventListener('click', holdClick, true);
    el.removeEventListener('submit', holdSubmit, true);
    for (const button of held) {
      button.removeAttribute(PENDING_ATTRIBUTE);
      button.removeAttribute('aria-busy');
    }
  };

  const run = async () => {
    let hydrated = false;
    let touched: Touched[] = [];
    try {
      const hydrate = await load();
      touched = touchedFields(el);
      putBack(touched);
      await hydrate();
      hydrated = await whenHydrated(el);
    } catch (error) {
      console.error('An island could not load: its presses go to the browser', error);
    }
    release();
    // Hydrated, React learns what the visitor did; not, the fields get it back as plain HTML.
    handOver(touched);
    if (hydrated) await nextTask();
    else {
      console.warn('An island did not hydrate: its presses are left to the browser');
      // The browser is about to post a held form itself: that is no leaving to warn of.
      window.removeEventListener('beforeunload', warnBeforeLeaving);
    }
    // Hydrated: React acts on each press. Not hydrated: the browser does what the HTML says.
    for (const button of held.splice(0)) if (button.isConnected) button.click();
    for (const form of heldForms.splice(0)) if (form.isConnected) form.requestSubmit();
    // Only now: a press replayed by React has set its own warning (an add in flight) by the
    // time its click returns, so there is no moment in which leaving goes unwarned.
    window.removeEventListener('beforeunload', warnBeforeLeaving);
  };

  return () => {
    started ??= run();
    return started;
  };
}
