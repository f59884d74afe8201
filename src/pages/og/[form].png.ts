import type { APIRoute } from 'astro';
import { plantArtPng } from '../../features/catalog/og-image.build.ts';
import { PLANT_FORMS, type PlantForm } from '../../features/catalog/plant-art.ts';

// Share and search pictures for products without photos: one drawing per plant form.
export const getStaticPaths = () => PLANT_FORMS.map((form) => ({ params: { form }, props: { form } }));

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await plantArtPng(props.form as PlantForm)), {
    headers: { 'content-type': 'image/png' },
  });
