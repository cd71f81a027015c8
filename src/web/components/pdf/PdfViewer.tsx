import './pdf.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { Modal } from '../Modal';

/** Zoom step: 20 px a step (src/web/README.md, the student's dossier: the proof viewer). */
export const ZOOM_STEP = 20;
const MIN_WIDTH = 160;
const MAX_WIDTH = 2400;
/** Width on a wide screen: the viewer opens at most 1200 px wide. */
const DEFAULT_MAX_WIDTH = 1200;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjs: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded on the first opening of a viewer only (its ~480 KB and its worker never weigh on
 * the pages). The legacy build: it runs on the older Android browsers many students have.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?worker&url'),
  ]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  pdfjs.catch(() => {
    pdfjs = null;
  });
  return pdfjs;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; doc: PdfDocument }
  /** The file came but pdf.js could not draw it: the download link remains. */
  | { kind: 'unreadable' }
  | { kind: 'error'; message: string };

/**
 * A proof in a modal window (the consult and analysis screens): each page drawn by pdf.js
 * to a canvas at the zoomed width, with zoom + and − of 20 px a step. Phones show no PDF inline,
 * hence canvases rather than an <iframe>. The file is fetched by `load` with the bearer token
 * (never in a URL) and offered as a download too, the fallback when it cannot be drawn.
 */
export function PdfViewer(props: { name: string; load: () => Promise<Blob>; onClose: () => void }) {
  const { load, name } = props;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [url, setUrl] = useState<string | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const pagesRef = useRef<HTMLDivElement>(null);

  // Fetch the file and parse it.
  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    let doc: PdfDocument | null = null;
    (async () => {
      let blob: Blob;
      try {
        blob = await load();
      } catch (err) {
        if (!cancelled) setState({ kind: 'error', message: errorMessage(err) });
        return;
      }
      if (cancelled) return;
      objectUrl = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: 'application/pdf' }));
      setUrl(objectUrl);
      try {
        const lib = await loadPdfJs();
        const data = new Uint8Array(await blob.arrayBuffer());
        doc = await lib.getDocument({ data, isEvalSupported: false }).promise;
        if (cancelled) {
          void doc.destroy();
          return;
        }
        setState({ kind: 'ready', doc });
      } catch {
        if (!cancelled) setState({ kind: 'unreadable' });
      }
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      if (doc) void doc.destroy();
    };
  }, [load]);

  // First width: the room the window gives (a phone's width), at most 1200 px.
  useEffect(() => {
    if (state.kind !== 'ready' || width !== null) return;
    const room = pagesRef.current?.clientWidth ?? DEFAULT_MAX_WIDTH;
    setWidth(Math.max(MIN_WIDTH, Math.min(DEFAULT_MAX_WIDTH, Math.floor(room))));
  }, [state.kind, width]);

  // Draw every page at the current width (again after each zoom), one after the other.
  useEffect(() => {
    if (state.kind !== 'ready' || width === null || !pagesRef.current) return;
    const { doc } = state;
    const holder = pagesRef.current;
    let cancelled = false;
    let task: { cancel: () => void } | null = null;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    (async () => {
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        if (cancelled) return;
        const scale = width / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        canvas.className = 'pdf-page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', fill(messages.pageDocument, { n, total: doc.numPages }));
        canvas.dataset.testid = 'page-pdf';
        const context = canvas.getContext('2d');
        if (!context) return;
        const render = page.render({ canvas, canvasContext: context, viewport });
        task = render;
        await render.promise;
        if (cancelled) return;
        canvas.dataset.rendered = 'true';
        // The first page shows as soon as it is drawn; the others follow.
        if (n === 1) holder.replaceChildren(canvas);
        else holder.appendChild(canvas);
      }
    })().catch(() => {
      if (!cancelled) setState({ kind: 'unreadable' });
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [state, width]);

  const zoom = useCallback(
    (delta: number) =>
      setWidth((w) => (w === null ? w : Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, w + delta)))),
    [],
  );

  const footer = (
    <>
      {state.kind === 'ready' && width !== null && (
        <div className="pdf-zoom">
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-icon-only"
            onClick={() => zoom(-ZOOM_STEP)}
            aria-label={messages.zoomMoins}
            title={messages.zoomMoins}
          >
            <i className="pi pi-search-minus" aria-hidden="true" />
          </button>
          <span className="pdf-width" aria-live="polite" data-testid="largeur-document">
            {fill(messages.largeurDocument, { largeur: width })}
          </span>
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-icon-only"
            onClick={() => zoom(ZOOM_STEP)}
            aria-label={messages.zoomPlus}
            title={messages.zoomPlus}
          >
            <i className="pi pi-search-plus" aria-hidden="true" />
          </button>
        </div>
      )}
      {url && (
        <a className="p-button p-component p-button-text" href={url} download={name}>
          <i className="pi pi-download" aria-hidden="true" />
          <span>{messages.telechargerDocument}</span>
        </a>
      )}
    </>
  );

  return (
    <Modal
      title={fill(messages.visionneuseTitre, { nom: name })}
      onClose={props.onClose}
      className="pdf-viewer"
      footer={footer}
      testId="visionneuse"
    >
      {state.kind === 'loading' && (
        <div className="loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          <span>{messages.chargement}</span>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="error-text" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'unreadable' && <p className="notice">{messages.documentNonAffichable}</p>}
      <div ref={pagesRef} className="pdf-pages" hidden={state.kind !== 'ready'} />
    </Modal>
  );
}
