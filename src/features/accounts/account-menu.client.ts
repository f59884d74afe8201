import { signInHref } from '../../lib/http/session-refresh.ts';
import { fill } from '../../lib/i18n/locale.ts';
import { $auth, clearSession, startAuthClient } from './auth.client.ts';

/**
 * The header's account menu over the $auth nanostore: a "Sign in" link for visitors, the
 * customer's name and a menu once signed in. Starting it also starts the session client
 * (session load, token schedule, 10-minute refetch) on every page.
 */
export function startAccountMenu(): void {
  const root = document.querySelector<HTMLElement>('[data-account-menu]');
  if (!root) return;
  const link = root.querySelector<HTMLAnchorElement>('[data-account-link]');
  const label = root.querySelector<HTMLElement>('[data-account-label]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-account-toggle]');
  const panel = root.querySelector<HTMLElement>('#account-menu');
  const firstName = root.querySelector<HTMLElement>('[data-account-first-name]');
  const fullName = root.querySelector<HTMLElement>('[data-account-name]');
  const email = root.querySelector<HTMLElement>('[data-account-email]');
  const adminItem = root.querySelector<HTMLElement>('[data-admin-only]');
  if (!link || !toggle || !panel) return;

  function close(focusToggle = false): void {
    if (!toggle || !panel) return;
    toggle.setAttribute('aria-expanded', 'false');
    panel.hidden = true;
    if (focusToggle) toggle.focus();
  }

  $auth.subscribe(({ status, data }) => {
    if (status === 'loading') return;
    if (status === 'authenticated' && data) {
      root.dataset.state = 'signed-in';
      link.hidden = true;
      toggle.hidden = false;
      const name = `${data.user.firstName} ${data.user.lastName}`.trim();
      if (firstName) firstName.textContent = data.user.firstName;
      if (fullName) fullName.textContent = name;
      if (email) email.textContent = data.user.email;
      toggle.setAttribute('aria-label', fill(toggle.dataset.labelTemplate ?? '{{name}}', { name }));
      if (adminItem) adminItem.hidden = !(data.user.role === 'admin' || data.user.role === 'super_admin');
    } else {
      root.dataset.state = 'signed-out';
      close();
      toggle.hidden = true;
      link.hidden = false;
      link.href = signInHref();
      if (label) label.textContent = label.dataset.signedOutLabel ?? label.textContent;
      // The label is hidden on phones; the link keeps its name for screen readers.
      if (label?.textContent) link.setAttribute('aria-label', label.textContent);
    }
  });

  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) panel.querySelector<HTMLElement>('a, button')?.focus();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') close(true);
  });
  document.addEventListener('click', (event) => {
    if (!root.contains(event.target as Node)) close();
  });

  // Signing out anywhere on the page forgets the tab's cached session first, and what the
  // person left in the tab (the checkout's address, a desk's unsent drafts): the next person at
  // this screen gets none of it. Not on a session that merely ended: drafts are kept for them.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-sign-out]')) {
    form.addEventListener('submit', () => {
      clearSession();
      sessionStorage.clear();
    });
  }

  void startAuthClient();
}
