/**
 * A plain form's unsent fields, kept in the tab's sessionStorage until the form is sent: a
 * page that reloads itself after another action (the desk's status change, assignment or
 * priced quote) gives back what was being typed instead of losing it. Only what was typed is
 * kept (text, a select's choice, a checkbox), never a hidden field, a password or a radio (a
 * group's radios share a name: they would need a draft of their own); a field the server filled
 * itself (a refused post shown again) is left as the server wrote it.
 */

export type FieldDraft = Record<string, string | boolean>;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && field.type === 'checkbox';

function serverValue(field: Field): string | boolean {
  if (isCheckable(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

const currentValue = (field: Field): string | boolean => (isCheckable(field) ? field.checked : field.value);

function typedFields(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (element): element is Field =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement) &&
      element.name !== '' &&
      element.type !== 'hidden' &&
      element.type !== 'radio' &&
      element.type !== 'file' &&
      element.type !== 'password',
  );
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

export function keepFieldDrafts(form: HTMLFormElement, key: string, storage: Storage = sessionStorage): void {
  const fields = typedFields(form);
  const saved = parseDraft(storage.getItem(key));
  for (const field of fields) {
    const value = saved[field.name];
    // Only a field still as the server wrote it takes the draft back.
    if (value === undefined || currentValue(field) !== serverValue(field)) continue;
    if (isCheckable(field)) field.checked = value === true;
    else if (typeof value === 'string') field.value = value;
  }
  const save = () => {
    const draft = changedFields(
      fields.map((field) => ({ name: field.name, value: currentValue(field), server: serverValue(field) })),
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
  form.addEventListener('submit', () => storage.removeItem(key));
}
