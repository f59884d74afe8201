import type { LightboxStrings } from './Lightbox.tsx';
import type { LightboxItem } from './lightbox.ts';

// The gallery's pictures open the viewer; React and the viewer load on the first click only.
const data = document.getElementById('gallery-data');
if (data) {
  const { items, strings } = JSON.parse(data.textContent ?? '{}') as {
    items: LightboxItem[];
    strings: LightboxStrings;
  };
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest<HTMLElement>('[data-lightbox-index]');
    if (!opener) return;
    event.preventDefault();
    const startIndex = Number(opener.dataset.lightboxIndex);
    import('./lightbox-mount.tsx')
      .then(({ openLightbox }) => openLightbox({ items, startIndex, strings }))
      .catch((error: unknown) => console.error('Could not open the picture viewer', error));
  });
}
