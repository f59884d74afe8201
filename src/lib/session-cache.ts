/**
 * Where a tab keeps the signed-in shopper's session (sessionStorage), so that the next page
 * draws its header, and hides the list prices of a trade shopper, before the server answers.
 * Written by the shell's session client and by the sign-in form; read by the head's inline
 * script. The inline script and the shell's client spell it out (bytes of the home page's
 * budget); their tests hold them to this one.
 */
export const SESSION_CACHE_KEY = 'nursery:session';
