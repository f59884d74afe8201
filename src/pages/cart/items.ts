import type { APIRoute } from 'astro';
import { addToCartFromForm } from '../../features/cart/cart-forms.server.ts';

export const prerender = false;

/** The product page's add-to-cart form, posted without JavaScript: 303 back to the product page. */
export const POST: APIRoute = (context) => addToCartFromForm(context);
