import { createRoot } from 'react-dom/client';
import Lightbox, { type LightboxProps } from './Lightbox.tsx';

/** Opens the viewer in a root of its own; it removes itself when closed. */
export function openLightbox(props: Omit<LightboxProps, 'onClose'>): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(<Lightbox {...props} onClose={close} />);
}
