/**
 * Forms whose one select applies itself once the page's script runs (a page size): a change
 * submits the form; without script its button does. A choice made before the script ran (on a
 * slow network, or by a visitor quicker than the page) is applied at once, as its change would
 * have been, rather than left on screen and never applied.
 */
export function submitOnChange(forms: Iterable<HTMLFormElement>): void {
  for (const form of forms) {
    const select = form.querySelector('select');
    if (!select) continue;
    select.addEventListener('change', () => form.requestSubmit());
    if ([...select.options].some((option) => option.selected !== option.defaultSelected)) form.requestSubmit();
  }
}
