/**
 * A form's unsent fields, kept in the tab's sessionStorage until the form is sent: a page that
 * reloads itself after another action (the desk's status change, assignment or priced quote),
 * or that the shopper reloads (the checkout), gives back what was being typed instead of losing
 * it. Only what was typed is kept (text, a select's choice, a checkbox, a radio group's choice),
 * never a hidden field, a password or a file; a field the server filled itself (a refused post
 * shown again) is left as the server wrote it. The fields are set as a person would leave them,
 * before any island hydrates: an island adopts them as it adopts what was typed before it
 * (decision 048).
 */

export type FieldDraft = Record<string, string | boolean>;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** One named thing a draft keeps: a field, or a radio group (its checked radio's value). */
interface Kept {
  name: string;
  server: () => string | boolean;
  current: () => string | boolean;
  restore: (value: string | boolean) => void;
}

const isCheckbox = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && field.type === 'checkbox';

function serverValue(field: Field): string | boolean {
  if (isCheckbox(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

const currentValue = (field: Field): string | boolean => (isCheckbox(field) ? field.checked : field.value);

function keptFields(form: HTMLFormElement): Kept[] {
  const kept: Kept[] = [];
  const groups = new Map<string, HTMLInputElement[]>();
  for (const element of form.elements) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ) ||
      element.name === '' ||
      ['hidden', 'file', 'password'].includes(element.type)
    )
      continue;
    if (element instanceof HTMLInputElement && element.type === 'radio') {
      groups.set(element.name, [...(groups.get(element.name) ?? []), element]);
      continue;
    }
    kept.push({
      name: element.name,
      server: () => serverValue(element),
      current: () => currentValue(element),
      restore: (value) => {
        if (isCheckbox(element)) element.checked = value === true;
        else if (typeof value === 'string') element.value = value;
      },
    });
  }
  for (const [name, radios] of groups) {
    kept.push({
      name,
      server: () => radios.find((radio) => radio.defaultChecked)?.value ?? '',
      current: () => radios.find((radio) => radio.checked)?.value ?? '',
      restore: (value) => {
        const radio = radios.find((candidate) => candidate.value === value);
        if (radio) radio.checked = true;
      },
    });
  }
  return kept;
}

/** The fields that differ from the server's HTML, by name; empty when nothing was typed. */
export function changedFields(entries: readonly { name: string; value: string | boolean; server: string | boolean }[]) {
  const draft: FieldDraft = {};
  for (const entry of entries) if (entry.value !== entry.server) draft[entry.name] = entry.value;
  return draft;
}

/** A saved draft, or an empty one for nothing saved or something that is not a draft. */
export function parseDraft(raw: string | null): FieldDraft {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => typeof value === 'string' || typeof value === 'boolean'),
    ) as FieldDraft;
  } catch {
    return {};
  }
}

/**
 * Gives the form back its draft and keeps it as the form changes. The draft is forgotten when
 * the form is submitted, or, with `untilSubmit: false` (a form sent by script that may be
 * refused), only when its sender calls `forgetFieldDraft`.
 */
export function keepFieldDrafts(
  form: HTMLFormElement,
  key: string,
  { storage = sessionStorage, untilSubmit = true }: { storage?: Storage; untilSubmit?: boolean } = {},
): void {
  const fields = keptFields(form);
  const saved = parseDraft(storage.getItem(key));
  for (const field of fields) {
    const value = saved[field.name];
    // Only a field still as the server wrote it takes the draft back.
    if (value !== undefined && field.current() === field.server()) field.restore(value);
  }
  const save = () => {
    const draft = changedFields(
      fields.map((field) => ({ name: field.name, value: field.current(), server: field.server() })),
    );
    try {
      if (Object.keys(draft).length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or refused (a private window): the form works as before, without a draft.
    }
  };
  form.addEventListener('input', save);
  form.addEventListener('change', save);
  if (untilSubmit) form.addEventListener('submit', () => forgetFieldDraft(key, storage));
}

/** Forgets a form's draft once what it held was sent. */
export function forgetFieldDraft(key: string, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage refused: there was no draft to forget.
  }
}
