import './modal.css';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { messages } from '../../domain/messages';
import { useReturnFocus } from './returnFocus';

/** The controls Tab reaches inside an element, in order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const selector = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
  return [...root.querySelectorAll<HTMLElement>(selector)].filter(
    (e) =>
      e.tabIndex >= 0 &&
      !(e as HTMLButtonElement).disabled &&
      !(e instanceof HTMLInputElement && e.type === 'hidden') &&
      !e.closest('[inert], fieldset[disabled]') &&
      e.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab inside `root`: from the last control Tab goes back to the first, from the
 * first Shift+Tab to the last (a native modal `<dialog>` makes the page inert but lets the focus
 * leave for the browser's own bar). Answers whether it moved the focus.
 */
export function trapTab(e: KeyboardEvent<HTMLElement>, root: HTMLElement): boolean {
  if (e.key !== 'Tab' || e.defaultPrevented) return false;
  const order = tabbables(root);
  if (order.length === 0) return false;
  const first = order[0];
  const last = order[order.length - 1];
  const active = document.activeElement;
  const outside = !(active instanceof HTMLElement) || !root.contains(active);
  if (e.shiftKey ? outside || active === first : outside || active === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
    return true;
  }
  return false;
}

/**
 * A modal window on the native `<dialog>` element (focus moved inside and kept there by Tab and
 * Shift+Tab, Escape closes, the page behind inert, focus back on the opener when it closes): no
 * component library on the student's pages, which phones on 3G load.
 */
export function Modal(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** 'alertdialog' for a confirmation. */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { onClose } = props;

  // The control that opened the window gets the focus back when it closes (declared first, so that
  // it reads the opener before showModal() moves the focus inside).
  useReturnFocus(ref);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const cancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
    };
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={`modal${props.className ? ` ${props.className}` : ''}`}
      aria-labelledby={titleId}
      role={props.role}
      data-testid={props.testId}
      onKeyDown={(e) => {
        // A window opened inside this one (the proof viewer) keeps its own Tab.
        if (ref.current && (e.target as Element).closest('dialog') === ref.current) trapTab(e, ref.current);
      }}
    >
      <div className="modal-header">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" className="modal-close" onClick={onClose} aria-label={messages.fermer}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      </div>
      <div className="modal-body">{props.children}</div>
      {props.footer && <div className="modal-footer">{props.footer}</div>}
    </dialog>
  );
}
