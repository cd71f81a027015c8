import type { ReactNode } from 'react';
import { Modal } from './Modal';

/**
 * A confirmation in the native modal `<dialog>` (`Modal`, role `alertdialog`): the question, then
 * the answer that changes nothing (focused first) and the one that acts; while `pending` both are
 * disabled and the acting one spins. `warning` puts the warning sign before the question.
 */
export function ConfirmDialog(props: {
  title: string;
  testId: string;
  children: ReactNode;
  warning?: boolean;
  cancelLabel: string;
  confirmLabel: string;
  /** The acting button in the danger colour (a delete, a renouncement). */
  danger?: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title={props.title}
      onClose={props.onCancel}
      role="alertdialog"
      testId={props.testId}
      footer={
        <>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={props.onCancel}
            disabled={props.pending}
            autoFocus
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{props.cancelLabel}</span>
          </button>
          <button
            type="button"
            className={`p-button p-component${props.danger ? ' p-button-danger' : ''}`}
            onClick={props.onConfirm}
            disabled={props.pending}
          >
            <i className={props.pending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
            <span>{props.confirmLabel}</span>
          </button>
        </>
      }
    >
      <p className="confirm-text">
        {props.warning && (
          <>
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
          </>
        )}
        {props.children}
      </p>
    </Modal>
  );
}
