import './photo-proof.css';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { pagesText, photoMessages as m, sizeText } from '../../../domain/messages-photos';
import { fill } from '../../lib/format';
import type { PhotoDialogProps, PhotoItem } from './PhotoDialog';

/**
 * 'Prendre des photos' beside a proof's PDF picker (docs/decisions/020-photos-into-pdf.md): a student
 * without a scanner photographs the document's pages; the dialog (`PhotoDialog`, loaded by `import()`
 * on the first click, pdf-lib with it) makes them one PDF, which is then given to the form by
 * `onUse` exactly as a chosen PDF is. The photos stay here while the form lives, so that 'Modifier
 * les photos' opens them again; the line under the button names the PDF while the form holds it.
 */
export function PhotoProof(props: {
  /** The id of the button; the hint is `${id}-aide`. */
  id: string;
  /** The chosen criterion's label: the dialog's title and the file's name. */
  critere: string;
  /** The file the form holds for this criterion now. */
  file: File | null;
  onUse: (file: File) => void;
}) {
  const [Dialog, setDialog] = useState<ComponentType<PhotoDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pages, setPages] = useState<PhotoItem[]>([]);
  const [made, setMade] = useState<File | null>(null);

  // The thumbnails' object URLs are let go with the form.
  const kept = useRef(pages);
  kept.current = pages;
  useEffect(() => () => kept.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  async function openDialog() {
    if (loading) return;
    setLoadError(null);
    if (!Dialog) {
      setLoading(true);
      try {
        const loaded = await import('./PhotoDialog');
        setDialog(() => loaded.PhotoDialog);
      } catch {
        setLoadError(m.moduleIndisponible);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  const used = made !== null && props.file === made;
  const hint = `${props.id}-aide`;

  return (
    <div className="photo-proof">
      <p className="field-hint" id={hint}>
        {m.photosAide}
      </p>
      <button
        type="button"
        id={props.id}
        className="p-button p-component p-button-outlined"
        onClick={() => void openDialog()}
        aria-describedby={hint}
        aria-busy={loading || undefined}
      >
        <i className={loading ? 'pi pi-spin pi-spinner' : 'pi pi-camera'} aria-hidden="true" />
        <span>{used ? m.modifierPhotos : m.prendrePhotos}</span>
      </button>
      {loading && (
        <p className="field-hint" role="status">
          {m.chargementPhotos}
        </p>
      )}
      {loadError && (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      )}
      {used && (
        <p className="photo-proof-used" role="status" data-testid="pdf-photos">
          <i className="pi pi-file-pdf" aria-hidden="true" />{' '}
          {fill(m.photosJointes, {
            nom: made.name,
            pages: pagesText(pages.length),
            taille: sizeText(made.size),
          })}
        </p>
      )}
      {open && Dialog && (
        <Dialog
          critere={props.critere}
          initial={pages}
          onCancel={() => setOpen(false)}
          onUse={(file, chosen) => {
            setPages(chosen);
            setMade(file);
            setOpen(false);
            props.onUse(file);
          }}
        />
      )}
    </div>
  );
}
