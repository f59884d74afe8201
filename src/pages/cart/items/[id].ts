import type { APIRoute } from 'astro';
import { changeCartLineFromForm } from '../../../features/cart/cart-forms.server.ts';

export const prerender = false;

/** A cart line's quantity or remove form, posted without JavaScript: 303 back to the cart page. */
export const POST: APIRoute = (context) => changeCartLineFromForm(context);
