import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Sortable from 'sortablejs';
import ConfirmDialog from '../../lib/dialog/ConfirmDialog.tsx';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enCatalogAdmin from '../../lib/i18n/locales/en/catalog-admin.json';
import { showToast } from '../../lib/toasts.ts';
import { ACCEPT_ATTRIBUTE, type AdminImage, type ImageText, precheckFile } from '../media/media.ts';
import { PUBLISH_REQUESTED_EVENT } from '../publishing/publishing.ts';

interface Props {
  productId: number;
  initial: AdminImage[];
  strings: (typeof enCatalogAdmin)['images'];
}

interface Notice {
  id: number;
  kind: 'error' | 'processing';
  text: string;
}

type UploadTarget = { url: string; method: 'PUT'; headers: Record<string, string> };

let noticeSequence = 0;

/**
 * A product's pictures: upload several at once (drop or picker), each checked by the server
 * and turned into web variants; reorder by dragging (sortablejs) or with Move up / Move down;
 * the first is the primary; alt text and title in both languages; delete with confirmation.
 */
export default function ImageManager({ productId, initial, strings: t }: Props) {
  const [images, setImages] = useState(initial);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const imagesRef = useRef(images);
  imagesRef.current = images;
  const base = `/api/admin/products/${productId}/images`;

  const addNotice = (kind: Notice['kind'], text: string) => {
    noticeSequence += 1;
    const id = noticeSequence;
    setNotices((current) => [...current, { id, kind, text }]);
    return id;
  };
  const dropNotice = (id: number) => setNotices((current) => current.filter((notice) => notice.id !== id));
  const changed = () => window.dispatchEvent(new Event(PUBLISH_REQUESTED_EVENT));

  async function uploadOne(file: File): Promise<void> {
    const refusal = precheckFile(file);
    if (refusal) {
      addNotice('error', fill(t.refused[refusal], { file: file.name }));
      return;
    }
    const processing = addNotice('processing', fill(t.processing, { file: file.name }));
    try {
      const { uploadKey, target } = await api<{ uploadKey: string; target: UploadTarget }>(`${base}/uploads`, {
        method: 'POST',
        body: { fileName: file.name, size: file.size },
      });
      // Same origin: our own endpoint (with the session); otherwise a signed storage URL.
      const sameOrigin = target.url.startsWith('/');
      const url = sameOrigin ? `${target.url}&name=${encodeURIComponent(file.name)}` : target.url;
      if (sameOrigin) await api(url, { method: 'PUT', headers: target.headers, body: file });
      else {
        // A signed storage URL: not our API, so not through our client.
        const sent = await fetch(url, { method: 'PUT', headers: target.headers, body: file });
        if (!sent.ok) throw new Error(`Storage answered ${sent.status}`);
      }
      const { images: next } = await api<{ images: AdminImage[] }>(base, {
        method: 'POST',
        body: { uploadKey, fileName: file.name },
      });
      setImages(next);
      setAnnouncement(fill(t.uploaded, { file: file.name }));
      changed();
    } catch (error) {
      const message =
        error instanceof ApiError && error.code.startsWith('refused_')
          ? error.message
          : fill(t.uploadError, { file: file.name });
      addNotice('error', message);
    } finally {
      dropNotice(processing);
    }
  }

  async function uploadAll(files: FileList | File[]) {
    // One at a time: sharp's work on the server stays bounded, and the order is the picking order.
    for (const file of Array.from(files)) await uploadOne(file);
  }

  /**
   * Orders are saved one after the other, in the order they were made, and only the last one's
   * answer is drawn: two quick moves can neither land in the wrong order on the server nor have
   * the first answer undo the second move on screen.
   */
  const orderSaves = useRef<{ chain: Promise<unknown>; latest: number }>({ chain: Promise.resolve(), latest: 0 });

  async function saveOrder(next: AdminImage[], previous: AdminImage[], movedTo?: number) {
    setImages(next);
    if (movedTo !== undefined) setAnnouncement(fill(t.moved, { number: movedTo + 1, total: next.length }));
    const saves = orderSaves.current;
    const mine = ++saves.latest;
    const save = saves.chain.then(() =>
      api<{ images: AdminImage[] }>(`${base}/order`, {
        method: 'PUT',
        body: { imageIds: next.map((image) => image.id) },
      }),
    );
    saves.chain = save.catch(() => undefined);
    try {
      const saved = await save;
      if (mine === saves.latest) setImages(saved.images);
      changed();
    } catch (error) {
      // A later move carries the whole order again: only the last one's failure is shown.
      if (mine !== saves.latest) return;
      if (error instanceof ApiError && error.code === 'stale') {
        const fresh = await api<{ images: AdminImage[] }>(base).catch(() => null);
        if (fresh) setImages(fresh.images);
        showToast(t.orderStale, 'info');
        return;
      }
      setImages(previous);
      showToast(t.orderError, 'error');
    }
  }

  const saveOrderRef = useRef(saveOrder);
  saveOrderRef.current = saveOrder;

  /** The picture just moved with its buttons, whose button keeps the keyboard once it is drawn in its new place. */
  const movedFocus = useRef<{ id: number; step: -1 | 1 } | null>(null);

  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    if (target < 0 || target >= images.length) return;
    const next = [...images];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(target, 0, moved);
    movedFocus.current = { id: moved.id, step };
    void saveOrder(next, images, target);
  };

  // Keep the keyboard where the picture went, in the commit that draws it there, not once the
  // server has answered: a second press of Enter moves the same picture again at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the pictures are redrawn.
  useLayoutEffect(() => {
    const pending = movedFocus.current;
    if (!pending) return;
    movedFocus.current = null;
    const item = listRef.current?.querySelector(`[data-image-id="${pending.id}"]`);
    (
      item?.querySelector<HTMLButtonElement>(`[data-move="${pending.step < 0 ? 'up' : 'down'}"]:not([disabled])`) ??
      item?.querySelector<HTMLElement>('[data-move]:not([disabled])')
    )?.focus();
  }, [images]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const sortable = Sortable.create(list, {
      handle: '[data-drag-handle]',
      animation: 150,
      // Pointer events rather than HTML5 drag and drop: the same on mouse and touch screens.
      forceFallback: true,
      onEnd(event) {
        const { oldIndex, newIndex, item, from } = event;
        if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
        // Put the node back where React left it; React then renders the new order itself.
        from.removeChild(item);
        from.insertBefore(item, from.children[oldIndex] ?? null);
        const previous = imagesRef.current;
        const next = [...previous];
        const [moved] = next.splice(oldIndex, 1);
        if (!moved) return;
        next.splice(newIndex, 0, moved);
        void saveOrderRef.current(next, previous, newIndex);
      },
    });
    return () => sortable.destroy();
  }, []);

  async function saveText(image: AdminImage, form: HTMLFormElement) {
    const data = new FormData(form);
    const text: ImageText = {
      alt_en: String(data.get('alt_en') ?? ''),
      alt_fr: String(data.get('alt_fr') ?? ''),
      title_en: String(data.get('title_en') ?? ''),
      title_fr: String(data.get('title_fr') ?? ''),
    };
    try {
      const saved = (await api<{ image: AdminImage }>(`${base}/${image.id}`, { method: 'PATCH', body: text })).image;
      setImages((current) => current.map((item) => (item.id === saved.id ? saved : item)));
      showToast(t.textSaved, 'success');
      changed();
    } catch {
      showToast(t.textError, 'error');
    }
  }

  async function remove(image: AdminImage) {
    setConfirming(null);
    try {
      setImages((await api<{ images: AdminImage[] }>(`${base}/${image.id}`, { method: 'DELETE' })).images);
      setAnnouncement(t.deleted);
      showToast(t.deleted, 'success');
      changed();
    } catch {
      addNotice('error', t.deleteError);
    }
  }

  return (
    <div className="image-manager">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the picker button inside does the same by keyboard */}
      <div
        className="image-drop card"
        data-dragging={dragging ? '' : undefined}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setDragging(false);
          void uploadAll(event.dataTransfer.files);
        }}
      >
        <p className="image-drop__title">{t.drop}</p>
        <p className="muted">{t.or}</p>
        <label className="btn">
          {t.choose}
          <input
            className="visually-hidden"
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            onChange={(event) => {
              const files = event.currentTarget.files;
              if (files) void uploadAll(Array.from(files));
              event.currentTarget.value = '';
            }}
          />
        </label>
        <p className="muted">{t.intro}</p>
      </div>

      <div className="image-notices" aria-live="polite">
        {notices.map((notice) =>
          notice.kind === 'processing' ? (
            <p key={notice.id} className="image-processing" role="status">
              <span className="spinner" aria-hidden="true" /> {notice.text}
            </p>
          ) : (
            <div key={notice.id} className="alert alert--error image-refusal" role="alert">
              <p>{notice.text}</p>
              <button
                type="button"
                className="link-button"
                onClick={() => dropNotice(notice.id)}
                aria-label={fill(t.dismiss, { notice: notice.text })}
              >
                ×
              </button>
            </div>
          ),
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {images.length === 0 && <p className="muted image-empty">{t.empty}</p>}
      <ol className="image-list" ref={listRef} aria-label={t.listLabel}>
        {images.map((image, index) => (
          <li
            key={image.id}
            className="image-item card"
            data-image-id={image.id}
            data-primary={index === 0 ? '' : undefined}
          >
            <div className="image-item__order">
              <button
                type="button"
                className="image-item__handle"
                data-drag-handle
                aria-label={fill(t.dragHandle, { number: index + 1 })}
                title={fill(t.dragHandle, { number: index + 1 })}
              >
                ⠿
              </button>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                data-move="up"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={fill(t.moveUpLabel, { number: index + 1 })}
              >
                ↑ {t.moveUp}
              </button>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                data-move="down"
                disabled={index === images.length - 1}
                onClick={() => move(index, 1)}
                aria-label={fill(t.moveDownLabel, { number: index + 1 })}
              >
                ↓ {t.moveDown}
              </button>
            </div>
            <figure className="image-item__picture">
              <img
                src={image.thumbnailUrl}
                width={160}
                height={Math.round((160 * image.height) / image.width)}
                alt={image.alt_en || image.originalName}
                loading="lazy"
              />
              <figcaption>
                <span className="image-item__position">
                  {fill(t.position, { number: index + 1, total: images.length })}
                </span>
                {index === 0 && <span className="badge badge--in image-item__primary">{t.primary}</span>}
                <span className="muted">{fill(t.size, { width: image.width, height: image.height })}</span>
                {image.originalName && <span className="muted">{fill(t.original, { file: image.originalName })}</span>}
              </figcaption>
            </figure>
            <form
              className="image-item__text"
              onSubmit={(event) => {
                event.preventDefault();
                void saveText(image, event.currentTarget);
              }}
            >
              {(['alt_en', 'alt_fr', 'title_en', 'title_fr'] as const).map((field) => (
                <div className="field" key={field}>
                  <label htmlFor={`image-${image.id}-${field}`}>{t[field]}</label>
                  <input
                    id={`image-${image.id}-${field}`}
                    name={field}
                    lang={field.endsWith('fr') ? 'fr' : 'en'}
                    defaultValue={image[field]}
                    maxLength={field.startsWith('alt') ? 250 : 120}
                  />
                </div>
              ))}
              <div className="image-item__actions">
                <button type="submit" className="btn btn--outline btn--sm">
                  {t.saveText}
                </button>
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  onClick={() => setConfirming(image.id)}
                  aria-label={fill(t.deleteLabel, { number: index + 1 })}
                  aria-haspopup="dialog"
                >
                  {t.delete}
                </button>
                {confirming === image.id && (
                  <ConfirmDialog
                    message={t.confirmDelete}
                    confirmLabel={t.confirm}
                    cancelLabel={t.cancel}
                    danger
                    onConfirm={() => void remove(image)}
                    onCancel={() => setConfirming(null)}
                  />
                )}
              </div>
            </form>
          </li>
        ))}
      </ol>
    </div>
  );
}
