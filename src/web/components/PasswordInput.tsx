import { useState, type InputHTMLAttributes } from 'react';
import { messages } from '../../domain/messages';

/** A password input with a show/hide button (typing a mailed password on a phone is error-prone). */
export function PasswordInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { invalid?: boolean },
) {
  const { invalid, className, ...rest } = props;
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <input
        {...rest}
        type={visible ? 'text' : 'password'}
        className={`p-inputtext p-component${invalid ? ' p-invalid' : ''}${className ? ` ${className}` : ''}`}
        aria-invalid={invalid || undefined}
      />
      <button
        type="button"
        className="password-toggle"
        aria-label={visible ? messages.masquerMotDePasse : messages.afficherMotDePasse}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        <i className={visible ? 'pi pi-eye-slash' : 'pi pi-eye'} aria-hidden="true" />
      </button>
    </span>
  );
}
