/**
 * Native first, then React (docs/decisions/048-native-first-islands.md). Until an island has
 * hydrated, its server HTML behaves as HTML: a radio or checkbox changes when pressed, a field
 * shows what is typed, a select picks, a link follows. Only presses on buttons, which need the
 * island, are held: the button says it is busy at once, leaving the page meanwhile asks first,
 * and the press is replayed once React has taken over. At hydration React adopts what the DOM
 * holds: what the visitor does to the fields is followed until React has hydrated, the fields
 * left as the visitor made them all along (React 19 keeps a field's value as it finds it),
 * and each change is then handed to React, in the same task as the hydration is seen, as the
 * event a visitor would have sent (input, change, click), so controlled state and
 * react-hook-form's fields both learn it. Nothing the visitor did is ever shown undone: a
 * radio pressed stays pressed while React takes over, and automation that reads it back
 * right after its press (Playwright's check()) finds it so.
 *
 * If the island never hydrates (its script failed on a bad network), the held presses are
 * released to the browser: a submit button then posts its form as plain HTML.
 *
 * Imported by the client directives only; Astro bundles each directive and inlines it into the
 * page (its hash is in the Content-Security-Policy), so this module imports nothing but the name
 * of the event a form sends when React has registered its fields (committed.ts).
 */

import { ISLAND_COMMITTED } from './committed.ts';

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (hydrated: boolean) => {
      clearTimeout(timer);
      document.removeEventListener(ISLAND_COMMITTED, onCommitted);
      resolve(hydrated);
    };
    // Within React's commit, once a form's fields are registered (committed.ts): the hand-over
    // that follows runs in this same task, before anything can paint.
    const onCommitted = () => {
      if (hydratedByReact(el.firstElementChild)) settle(true);
    };
    document.addEventListener(ISLAND_COMMITTED, onCommitted);
    // An island with no form says nothing: it is seen soon after React's commit. Its controlled
    // fields keep the visitor's values all along (React 19 keeps a field's value as it finds it).
    const poll = () => {
      if (hydratedByReact(el.firstElementChild)) settle(true);
      else if (Date.now() - started > WAIT_MS) settle(false);
      else timer = setTimeout(poll, 0);
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

/** What a field holds now, if it is one React is told about. */
function fieldState(field: Element): Touched | undefined {
  if (field instanceof HTMLInputElement && field.type === 'file') return { kind: 'file', field };
  if (isCheckable(field)) return { kind: 'check', field, checked: field.checked };
  if (isTextField(field)) return { kind: 'text', field, value: field.value };
  if (field instanceof HTMLSelectElement && !field.multiple)
    return { kind: 'select', field, index: field.selectedIndex };
  return undefined;
}

/** Whether a field's state is the server's HTML (a file field: whether no file is chosen). */
function asServed(entry: Touched): boolean {
  if (entry.kind === 'file') return !entry.field.files?.length;
  if (entry.kind === 'check') return entry.checked === entry.field.defaultChecked;
  if (entry.kind === 'text') return entry.value === entry.field.defaultValue;
  return entry.index === serverIndex(entry.field);
}

/**
 * What the visitor does to the island's fields from now until the returned function is
 * called, which gives it: the fields already changed from the server's HTML, then each field
 * as the visitor's input and change events leave it, the latest last (a radio chosen after
 * another is handed over after it, and wins).
 */
function followVisitor(el: HTMLElement): () => Touched[] {
  const touched = new Map<Element, Touched>();
  for (const field of el.querySelectorAll('input, textarea, select')) {
    const entry = fieldState(field);
    if (entry && !asServed(entry)) touched.set(field, entry);
  }
  const note = (event: Event) => {
    const entry = event.target instanceof Element ? fieldState(event.target) : undefined;
    if (!entry) return;
    touched.delete(entry.field);
    touched.set(entry.field, entry);
  };
  el.addEventListener('input', note, true);
  el.addEventListener('change', note, true);
  return () => {
    el.removeEventListener('input', note, true);
    el.removeEventListener('change', note, true);
    return [...touched.values()];
  };
}

/**
 * Hands each change to React as the visitor's own event, once React has hydrated, all in one
 * task: no frame shows a field other than as the visitor left it. React started tracking each
 * field's value as it found it (the visitor's), so the field is first set through React's
 * tracker to another value (the server's, or what a form library wrote as it registered the
 * field), then to the visitor's beneath it (the prototype's setter) with the event: React sees
 * a change and calls onChange.
 */
function handOver(touched: Touched[]): void {
  for (const entry of touched) {
    if (!entry.field.isConnected) continue;
    if (entry.kind === 'file') {
      // The files are still chosen: React's onChange is told of them as of a fresh choice.
      if (entry.field.files?.length) entry.field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (entry.kind === 'check') {
      const { field, checked } = entry;
      // A radio is only ever chosen; the one it replaced is cleared by the click.
      if (field.type === 'radio' && !checked) continue;
      if (field.checked === checked && asServed(entry)) continue;
      field.checked = !checked;
      field.click();
    } else if (entry.kind === 'text') {
      const { field, value } = entry;
      const other = field.value !== value ? field.value : field.defaultValue;
      if (other === value) continue;
      field.value = other;
      const prototype = Object.getPrototypeOf(field) as TextField;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      const { field, index } = entry;
      if (field.selectedIndex === index && asServed(entry)) continue;
      field.selectedIndex = index;
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
    const visitorDid = followVisitor(el);
    try {
      const hydrate = await load();
      await hydrate();
      hydrated = await whenHydrated(el);
    } catch (error) {
      console.error('An island could not load: its presses go to the browser', error);
    }
    const touched = visitorDid();
    release();
    // Hydrated, React learns what the visitor did; not, the fields keep it as plain HTML.
    if (hydrated) {
      handOver(touched);
      await nextTask();
    } else {
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
