/**
 * Fills `{{name}}` placeholders, in a module of its own so that browser code can use it
 * without the translation resources. A value that ends a sentence with its own period
 * (« Rideau Landscape Design Inc. ») takes the template's period: never « Inc.. ».
 */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}(\.(?!\.))?/g, (match, key: string, period: string | undefined) => {
    if (!(key in values)) return match;
    const value = String(values[key]);
    return period && /[.…]$/.test(value) ? value : value + (period ?? '');
  });
}

/** i18next's last step: a period doubled by an interpolated value ending with one becomes one. */
export function collapseDoublePeriod(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, '.').replace(/…\.(?!\.)/g, '…');
}
