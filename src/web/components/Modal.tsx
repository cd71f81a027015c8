import './modal.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { messages } from '../../domain/messages';

/**
 * A modal window on the native `<dialog>` element (focus moved inside and kept there, Escape
 * closes, the page behind inert, focus back on the opener when it closes): no component library on the student's pages, which phones on 3G load.
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

  // The control that opened the window gets the focus back when it closes: the window leaves the
  // page by unmounting, where the browser's own restoring (on close()) does not happen. Declared
  // first, so that it reads the opener before showModal() moves the focus inside.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected && !dialog?.contains(opener)) opener.focus();
    };
  }, []);

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
