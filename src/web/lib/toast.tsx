import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CSSProperties } from 'react';
import type { Toast, ToastMessage } from 'primereact/toast';
import { messages } from '../../domain/messages';

/**
 * Toast durations (src/web/README.md#layout-settings-and-themes-layout): settings successes 2 s,
 * failures 10 s; the student's and staff's other toasts (sign-in, registration, deposit…) 10 s.
 */
export const SUCCESS_LIFE = 2000;
export const FAILURE_LIFE = 10_000;
export const WORKFLOW_LIFE = 10_000;

export interface Toaster {
  /** A success: 'Opération réussie !' unless another summary is given; 2 s unless another life is given. */
  success(summary?: string, detail?: string, life?: number): void;
  /** A failure: 'Échec de l'opération !' with the server's message as detail. */
  failure(detail?: string, summary?: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

const FLASH_KEY = 'cenou.flash';

/** A success message to show after the next full page load (sign-in reloads the page). */
export function setFlash(summary: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, summary);
  } catch {
    /* private browsing: the message is simply not shown */
  }
}

function takeFlash(): string | null {
  try {
    const value = window.sessionStorage.getItem(FLASH_KEY);
    if (value) window.sessionStorage.removeItem(FLASH_KEY);
    return value;
  } catch {
    return null;
  }
}

type ToastComponent = typeof Toast;

interface PlainMessage {
  id: number;
  severity: 'success' | 'error';
  summary: string;
  detail?: string;
}

/**
 * Messages shown while the toast widget is not there (not yet downloaded, or its download failed
 * on a poor connection): plain text at once, in the same place and with the same look (the
 * theme's toast classes, which the entry's CSS already holds), announced to screen readers, each
 * gone after its life or when closed. Nothing is ever queued behind a download.
 */
function PlainToasts({ items, close }: { items: PlainMessage[]; close: (id: number) => void }) {
  if (!items.length) return null;
  return (
    <div className="p-toast p-component p-toast-top-right app-toast toast-plain" data-testid="toast-plain">
      {items.map((m) => (
        <div
          key={m.id}
          className={`p-toast-message p-toast-message-${m.severity}`}
          role={m.severity === 'error' ? 'alert' : 'status'}
        >
          <div className="p-toast-message-content">
            <span
              className={`p-toast-message-icon pi ${m.severity === 'error' ? 'pi-times-circle' : 'pi-check'}`}
              aria-hidden="true"
            />
            <div className="p-toast-message-text">
              <span className="p-toast-summary">{m.summary}</span>
              {m.detail && <div className="p-toast-detail">{m.detail}</div>}
            </div>
            <button
              type="button"
              className="p-toast-icon-close p-link"
              aria-label={messages.fermer}
              onClick={() => close(m.id)}
            >
              <span className="pi pi-times" aria-hidden="true" />
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The toasts' place, over the page and inside the viewport (layout.css, `.app-toast`): the widget
 * sets its own (20 px from the window's top right, over the top bar and, on a phone, partly off
 * the screen) as an inline style, which this one replaces (through `pt`: the widget ignores its
 * `style` property).
 */
const TOAST_PLACE: CSSProperties = { top: 'var(--toast-top)', right: 'var(--toast-side)' };

/**
 * Toasts at the top right, under the top bar (its buttons stay usable), fixed: a message shows
 * wherever the page is scrolled and moves nothing on the page. The PrimeReact Toast is downloaded on the first message, so that pages
 * without any (the home page, the FAQ) do not load it; until it is there (or when its download
 * fails), messages show at once as plain text.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const [Widget, setWidget] = useState<ToastComponent | null>(null);
  const [plain, setPlain] = useState<PlainMessage[]>([]);
  const loading = useRef(false);
  const nextId = useRef(0);

  const closePlain = useCallback((id: number) => setPlain((list) => list.filter((m) => m.id !== id)), []);

  const show = useCallback(
    (message: ToastMessage) => {
      if (ref.current) {
        ref.current.show(message);
        return;
      }
      const id = ++nextId.current;
      setPlain((list) => [
        ...list,
        {
          id,
          severity: message.severity === 'error' ? 'error' : 'success',
          summary: String(message.summary ?? ''),
          detail: message.detail ? String(message.detail) : undefined,
        },
      ]);
      window.setTimeout(() => closePlain(id), message.life ?? FAILURE_LIFE);
      if (loading.current) return;
      loading.current = true;
      import('./ToastWidget')
        .then((m) => setWidget(() => m.Toast))
        .catch(() => {
          // Tried again at the next message.
          loading.current = false;
        });
    },
    [closePlain],
  );

  const success = useCallback(
    (summary?: string, detail?: string, life: number = SUCCESS_LIFE) =>
      show({
        severity: 'success',
        summary: summary ?? messages.operationReussie,
        detail,
        life,
      }),
    [show],
  );
  const failure = useCallback(
    (detail?: string, summary?: string) =>
      show({ severity: 'error', summary: summary ?? messages.echecOperation, detail, life: FAILURE_LIFE }),
    [show],
  );
  const value = useMemo<Toaster>(() => ({ success, failure }), [success, failure]);

  useEffect(() => {
    const flash = takeFlash();
    if (flash) success(flash, undefined, WORKFLOW_LIFE);
  }, [success]);

  return (
    <ToastContext.Provider value={value}>
      {Widget && (
        <Widget ref={ref} position="top-right" className="app-toast" pt={{ root: { style: TOAST_PLACE } }} />
      )}
      <PlainToasts items={plain} close={closePlain} />
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
