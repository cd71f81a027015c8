import './photo-dialog.css';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { messages } from '../../../domain/messages';
import { pagesText, photoMessages as m, sizeText } from '../../../domain/messages-photos';
import { PDF_MAX_BYTES, PHOTO_MAX_SIDE, PHOTO_PAGE_MAX_BYTES } from '../../../domain/limits';
import { Modal } from '../../components/Modal';
import { fill } from '../../lib/format';
import { checkProof } from './proof';
import type { PhotoPage } from './photo-pages';

/** A page of the PDF to be: the photo made a JPEG page, its thumbnail's URL, a key for React. */
export interface PhotoItem {
  key: number;
  name: string;
  page: PhotoPage;
  url: string;
}

export interface PhotoDialogProps {
  critere: string;
  /** The pages of the PDF the form holds, if any: 'Annuler' comes back to them. */
  initial: PhotoItem[];
  onCancel: () => void;
  onUse: (file: File, pages: PhotoItem[]) => void;
}

type Engine = typeof import('./photo-pages');

/** What pdf-lib adds to the pages' own bytes, about (tests/unit/photos-pdf.test.ts bounds it). */
const pdfWeight = (pages: PhotoItem[]) =>
  pages.reduce((sum, p) => sum + p.page.bytes.length, 0) + 1024 + 600 * pages.length;

/** 'Certificat de nationalité' → 'certificat-de-nationalite' (a file name any system keeps). */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length > 60 ? slug.slice(0, 60).replace(/-[^-]*$/, '') : slug;
}

let nextKey = 1;
const addId = 'photo-prendre';

/**
 * The photos of one proof and the PDF they make (docs/decisions/020-photos-into-pdf.md), in the
 * native modal `<dialog>` (`Modal`: focus inside and kept there, Escape cancels, focus back on the
 * opener). How to photograph a document well; 'Prendre une photo' (the camera: one photo a time,
 * again for the next page) and 'Choisir des photos' (several, from the gallery); each photo becomes
 * a page at once (`photo-pages.ts`, loaded when the dialog opens) shown as a thumbnail that can be
 * moved before or after, or removed; 'Utiliser ce PDF' makes the PDF and checks it as a chosen PDF
 * is checked (over PDF_MAX_BYTES: the message here, nothing given to the form).
 */
export function PhotoDialog(props: PhotoDialogProps) {
  const [pages, setPages] = useState<PhotoItem[]>(props.initial);
  const [pending, setPending] = useState<{ n: number; total: number } | null>(null);
  const [building, setBuilding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [helpOpen, setHelpOpen] = useState(props.initial.length === 0);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const engine = useRef<Promise<Engine> | null>(null);
  const focusAfter = useRef<string | null>(null);
  const current = useRef(pages);
  current.current = pages;

  /** The page-making module (and pdf-lib): asked for when the dialog opens, again after a failure. */
  const load = () => {
    engine.current ??= import('./photo-pages').catch((err: unknown) => {
      engine.current = null;
      throw err;
    });
    return engine.current;
  };
  useEffect(() => {
    load().catch(() => undefined);
    // The first thing to do, focused once the window is open (Modal's effect, a child's, ran first).
    document.getElementById(addId)?.focus();
  }, []);

  // After a move or a removal the focus goes where the student's hand is (the same photo's button).
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [pages]);

  const ids = (p: PhotoItem) => ({
    before: `photo-${p.key}-avant`,
    after: `photo-${p.key}-apres`,
    remove: `photo-${p.key}-retirer`,
  });
  const busy = pending !== null || building;

  /** The photos' thumbnails not kept by `keep` are let go. */
  const release = (from: PhotoItem[], keep: PhotoItem[]) => {
    for (const p of from) if (!keep.includes(p)) URL.revokeObjectURL(p.url);
  };

  async function add(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0 || busy) return;
    setError(null);
    let made: Engine;
    try {
      made = await load();
    } catch {
      setError(m.moduleIndisponible);
      return;
    }
    const refusals: string[] = [];
    for (const [i, file] of files.entries()) {
      setPending({ n: i + 1, total: files.length });
      try {
        const page = await made.photoPage(file, { maxSide: PHOTO_MAX_SIDE, maxBytes: PHOTO_PAGE_MAX_BYTES });
        const item = { key: nextKey++, name: file.name, page, url: URL.createObjectURL(page.jpeg) };
        setPages((list) => [...list, item]);
        setAnnounce(fill(m.pageAjoutee, { n: current.current.length + 1 }));
        current.current = [...current.current, item];
      } catch (err) {
        // Each photo refused is named; the others are kept.
        const refused = err instanceof made.PhotoRefused && err.reason === 'format';
        refusals.push(fill(refused ? m.photoFormat : m.photoIllisible, { nom: file.name }));
        setError(refusals.join(' '));
      }
    }
    setPending(null);
    // The advice folds away once there is a page to see.
    if (current.current.length > 0) setHelpOpen(false);
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (building || to < 0 || to >= pages.length) return;
    const next = [...pages];
    [next[index], next[to]] = [next[to], next[index]];
    const moved = ids(next[to]);
    // The same button while it can still be pressed, else the other way.
    const atEnd = by < 0 ? to === 0 : to === next.length - 1;
    focusAfter.current = atEnd ? (by < 0 ? moved.after : moved.before) : by < 0 ? moved.before : moved.after;
    setPages(next);
    setError(null);
    setAnnounce(fill(m.pageDeplacee, { n: to + 1 }));
  }

  function remove(index: number) {
    if (building) return;
    const next = pages.filter((_, i) => i !== index);
    if (!props.initial.includes(pages[index])) URL.revokeObjectURL(pages[index].url);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfter.current = neighbour ? ids(neighbour).remove : addId;
    setPages(next);
    setError(null);
    setAnnounce(fill(m.pageRetiree, { pages: pagesText(next.length) }));
  }

  function cancel() {
    if (building) return;
    release(pages, props.initial);
    props.onCancel();
  }

  async function use() {
    if (busy || pages.length === 0) return;
    setError(null);
    setBuilding(true);
    try {
      const made = await load();
      const slug = fileSlug(props.critere);
      const name = slug ? fill(m.nomFichier, { critere: slug }) : m.nomFichierSansCritere;
      const file = await made.pdfOfPages(
        pages.map((p) => p.page),
        name,
      );
      if (file.size > PDF_MAX_BYTES) {
        setError(fill(m.pdfTropGros, { taille: sizeText(file.size) }));
        return;
      }
      // The very checks of a chosen PDF (name, size, first bytes).
      const refusal = await checkProof(file);
      if (refusal) {
        setError(refusal);
        return;
      }
      release(props.initial, pages);
      props.onUse(file, pages);
    } catch {
      setError(m.pdfEchec);
    } finally {
      setBuilding(false);
    }
  }

  // Modal reopens its window when its onClose changes: one function for the dialog's whole life.
  const latestCancel = useRef(cancel);
  latestCancel.current = cancel;
  const [onClose] = useState(() => () => latestCancel.current());

  const weight = pdfWeight(pages);
  const over = pages.length > 0 && weight > PDF_MAX_BYTES;

  return (
    <Modal
      title={fill(m.titre, { critere: props.critere })}
      onClose={onClose}
      className="photo-dialog"
      testId="dialogue-photos"
      footer={
        <>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={cancel}
            disabled={building}
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{messages.annuler}</span>
          </button>
          <button
            type="button"
            className="p-button p-component"
            onClick={() => void use()}
            disabled={pages.length === 0}
            aria-disabled={busy || undefined}
          >
            <i className={building ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
            <span>{m.utiliserPdf}</span>
          </button>
        </>
      }
    >
      <details className="photo-help" open={helpOpen} onToggle={(e) => setHelpOpen(e.currentTarget.open)}>
        <summary>{m.conseilsTitre}</summary>
        <ul>
          {m.conseils.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </details>

      <div className="photo-add">
        <button
          type="button"
          id={addId}
          className="p-button p-component"
          onClick={() => !busy && camera.current?.click()}
          aria-disabled={busy || undefined}
        >
          <i className="pi pi-camera" aria-hidden="true" />
          <span>{pages.length ? m.prendreAutrePhoto : m.prendrePhoto}</span>
        </button>
        <button
          type="button"
          className="p-button p-component p-button-outlined"
          onClick={() => !busy && gallery.current?.click()}
          aria-disabled={busy || undefined}
        >
          <i className="pi pi-images" aria-hidden="true" />
          <span>{m.choisirPhotos}</span>
        </button>
        <input
          ref={camera}
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          hidden
          onChange={(e) => void add(e)}
          data-testid="photo-camera"
        />
        <input
          ref={gallery}
          type="file"
          accept="image/jpeg,image/png"
          multiple
          hidden
          onChange={(e) => void add(e)}
          data-testid="photo-galerie"
        />
      </div>
      <p className="field-hint photo-formats">{m.formatsAcceptes}</p>

      {pending && (
        <p className="photo-status" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {fill(m.preparation, pending)}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert" data-testid="erreur-photos">
          {error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>

      <h3 className="photo-pages-title">{m.pagesTitre}</h3>
      {pages.length === 0 ? (
        <p className="field-hint">{m.aucunePhoto}</p>
      ) : (
        <>
          <p className={over ? 'error-text' : 'field-hint'} data-testid="poids-pdf">
            {fill(m.poidsPdf, { pages: pagesText(pages.length), taille: sizeText(weight) })}
          </p>
          <ol className="photo-pages">
            {pages.map((p, i) => {
              const id = ids(p);
              const n = i + 1;
              return (
                <li
                  key={p.key}
                  data-testid="page-photo"
                  data-largeur={p.page.width}
                  data-hauteur={p.page.height}
                  data-octets={p.page.bytes.length}
                  data-qualite={p.page.quality}
                  data-nom={p.name}
                >
                  <figure>
                    <div className="photo-thumb">
                      <img src={p.url} alt={fill(m.apercuPage, { n })} />
                    </div>
                    <figcaption>
                      <strong>{fill(m.page, { n })}</strong> <span>{sizeText(p.page.bytes.length)}</span>
                    </figcaption>
                  </figure>
                  <div className="photo-actions">
                    <button
                      type="button"
                      id={id.before}
                      className="photo-action"
                      onClick={() => move(i, -1)}
                      disabled={i === 0}
                      aria-label={fill(m.placerAvant, { n })}
                      title={fill(m.placerAvant, { n })}
                    >
                      <i className="pi pi-arrow-left" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      id={id.after}
                      className="photo-action"
                      onClick={() => move(i, 1)}
                      disabled={i === pages.length - 1}
                      aria-label={fill(m.placerApres, { n })}
                      title={fill(m.placerApres, { n })}
                    >
                      <i className="pi pi-arrow-right" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      id={id.remove}
                      className="photo-action photo-remove"
                      onClick={() => remove(i)}
                      aria-label={fill(m.retirerPage, { n })}
                      title={fill(m.retirerPage, { n })}
                    >
                      <i className="pi pi-trash" aria-hidden="true" />
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {building && (
        <p className="photo-status" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {m.creationPdf}
        </p>
      )}
    </Modal>
  );
}
