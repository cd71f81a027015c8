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
import type { Toast, ToastMessage } from 'primereact/toast';
import { messages } from '../../domain/messages';

/**
 * Toast durations of the specifications, top right: administration successes 2 s, failures 10 s;
 * the student and staff workflow's toasts (sign-in, registration, deposit…) 10 s.
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

/**
 * Toasts at the top right. The PrimeReact Toast is loaded on the first message, so that pages
 * without any (the home page, the FAQ) do not download it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const pending = useRef<ToastMessage[]>([]);
  const [Widget, setWidget] = useState<ToastComponent | null>(null);
  const loading = useRef(false);

  const show = useCallback((message: ToastMessage) => {
    if (ref.current) {
      ref.current.show(message);
      return;
    }
    pending.current.push(message);
    if (loading.current) return;
    loading.current = true;
    import('./ToastWidget')
      .then((m) => setWidget(() => m.Toast))
      .catch(() => {
        loading.current = false;
      });
  }, []);

  useEffect(() => {
    if (!Widget || !ref.current) return;
    const queued = pending.current;
    pending.current = [];
    if (queued.length) ref.current.show(queued);
  }, [Widget]);

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
      {Widget && <Widget ref={ref} position="top-right" />}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
