import type { ReactNode } from 'react';
import { messages } from '../../domain/messages';

/**
 * A labelled form field: the label points at the input (`htmlFor`); a red asterisk, drawn by CSS
 * so that the label stays the field's exact name, marks a required field; the error shows under
 * it, tied to the input by `aria-describedby` (use `errorId(id)` on the input).
 */
export function FormField(props: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
  /** Checkboxes put their label after the box. */
  inline?: boolean;
}) {
  const label = (
    <label
      htmlFor={props.id}
      className={props.required ? 'is-required' : undefined}
      title={props.required ? messages.obligatoire : undefined}
    >
      {props.label}
    </label>
  );
  return (
    <div className={`field${props.inline ? ' field-inline' : ''}${props.error ? ' field-invalid' : ''}`}>
      {props.inline ? (
        <>
          {props.children}
          {label}
        </>
      ) : (
        <>
          {label}
          {props.children}
        </>
      )}
      {props.hint && !props.error && (
        <small className="field-hint" id={`${props.id}-aide`}>
          {props.hint}
        </small>
      )}
      {props.error && (
        <small className="field-error" id={errorId(props.id)} role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

export const errorId = (id: string) => `${id}-erreur`;
