import type { InputHTMLAttributes, Ref } from 'react';
import { messages } from '../../domain/messages';
import './file-input.css';

interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** The words on the button: « Choisir un fichier » unless said. */
  buttonText?: string;
  /** The button's icon (a PrimeIcons name). */
  icon?: string;
  /**
   * Says « Aucun fichier choisi » beside the button. A file chosen is named by the page itself (the
   * proof's sending status, the CSV's name and size, the photos' list), so the picker then says nothing.
   */
  nothingChosen?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A file picker whose words are the application's: the browser draws its own in the phone's language
 * (« Choose File », « No file chosen »). The real input lies over the drawn button, transparent: a
 * tap or a click anywhere on it, Space or Enter once focused, and a test's `setInputFiles` reach it as
 * before; its label stays the field's own.
 */
export function FileInput({
  buttonText,
  icon = 'pi-upload',
  nothingChosen = false,
  inputRef,
  ...input
}: FileInputProps) {
  return (
    <span className={`file-picker${input.disabled ? ' is-disabled' : ''}`}>
      <input ref={inputRef} type="file" className="file-picker-input" {...input} />
      <span className="file-picker-button p-button p-component p-button-outlined" aria-hidden="true">
        <i className={`pi ${icon}`} aria-hidden="true" />
        <span>{buttonText ?? messages.choisirFichier}</span>
      </span>
      {nothingChosen && (
        <span className="file-picker-name" aria-hidden="true">
          {messages.aucunFichierChoisi}
        </span>
      )}
    </span>
  );
}
