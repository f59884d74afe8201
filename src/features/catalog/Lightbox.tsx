import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialog } from '../../lib/dialog/use-dialog.ts';
import {
  createThrottle,
  type LightboxItem,
  rotate,
  stepIndex,
  swipeDirection,
  zoomByWheel,
  zoomIn,
  zoomOut,
} from './lightbox.ts';
import './lightbox.css';
import { fill } from '../../lib/i18n/locale.ts';

export interface LightboxStrings {
  dialog: string;
  close: string;
  previous: string;
  next: string;
  zoomIn: string;
  zoomOut: string;
  rotate: string;
  reset: string;
  counter: string;
  imageError: string;
  noImages: string;
}

export interface LightboxProps {
  items: LightboxItem[];
  startIndex?: number;
  strings: LightboxStrings;
  onClose: () => void;
}

/** The product picture viewer: zoom, rotate, swipe, keyboard; loaded when a picture is opened. */
export default function Lightbox({ items, startIndex = 0, strings, onClose }: LightboxProps) {
  const [index, setIndex] = useState(Math.min(Math.max(0, startIndex), Math.max(0, items.length - 1)));
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useDialog({ onClose, initialFocus: closeButton });
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const item = items[index];

  const go = useCallback(
    (step: 1 | -1) => {
      setIndex((current) => stepIndex(current, step, items.length));
      setZoom(1);
      setRotation(0);
    },
    [items.length],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Escape, the focus trap and the scroll lock: the native dialog (useDialog).
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === '+' || event.key === '=') setZoom(zoomIn);
      else if (event.key === '-') setZoom(zoomOut);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [go]);

  // The wheel zooms one step per 80 ms; React's wheel listener is passive, so add our own.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const allow = createThrottle();
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (allow(event.timeStamp)) setZoom((current) => zoomByWheel(current, event.deltaY));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onTouchStart = (event: React.TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    // A zoomed picture is panned by the browser, not swiped away.
    if (!start || !touch || zoom > 1 || items.length < 2) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
    if (direction) go(direction === 'next' ? 1 : -1);
  };

  return (
    <dialog className="lightbox" ref={dialog} aria-label={strings.dialog}>
      <div className="lightbox__bar">
        <p className="lightbox__counter" aria-live="polite">
          {items.length > 0 ? fill(strings.counter, { current: index + 1, total: items.length }) : ''}
        </p>
        <div className="lightbox__tools">
          <button type="button" onClick={() => setZoom(zoomOut)} aria-label={strings.zoomOut} disabled={!item}>
            <span aria-hidden="true">−</span>
          </button>
          <button type="button" onClick={() => setZoom(zoomIn)} aria-label={strings.zoomIn} disabled={!item}>
            <span aria-hidden="true">+</span>
          </button>
          <button type="button" onClick={() => setRotation(rotate)} aria-label={strings.rotate} disabled={!item}>
            <span aria-hidden="true">⟳</span>
          </button>
          <button
            type="button"
            onClick={() => {
              setZoom(1);
              setRotation(0);
            }}
            aria-label={strings.reset}
            disabled={!item}
          >
            <span aria-hidden="true">1:1</span>
          </button>
          <button type="button" ref={closeButton} onClick={onClose} aria-label={strings.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
      <div className="lightbox__stage" ref={stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {!item ? (
          <p className="lightbox__message" role="alert">
            {strings.noImages}
          </p>
        ) : broken.has(index) ? (
          <div className="lightbox__message" role="alert">
            <svg
              width="56"
              height="56"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              aria-hidden="true"
            >
              <path
                d="M4 5h16v14H4zM4 15l4-4 3 3M14 12l2-2 4 4M3 3l18 18"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <p>{strings.imageError}</p>
          </div>
        ) : (
          <img
            key={item.src}
            src={item.src}
            srcSet={item.srcset}
            sizes={item.srcset ? '100vw' : undefined}
            alt={item.alt}
            style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
            onError={() => setBroken((current) => new Set(current).add(index))}
            draggable={false}
          />
        )}
      </div>
      {items.length > 1 && (
        <>
          <button
            type="button"
            className="lightbox__step lightbox__step--previous"
            onClick={() => go(-1)}
            aria-label={strings.previous}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="lightbox__step lightbox__step--next"
            onClick={() => go(1)}
            aria-label={strings.next}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      {item?.title && <p className="lightbox__caption">{item.title}</p>}
    </dialog>
  );
}
