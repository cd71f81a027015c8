import { useEffect, useRef, useState, type RefObject } from 'react';
import { RESET_CODE_LENGTH } from '../../domain/limits';
import { messages } from '../../domain/messages';
import { errorId, FormField } from './FormField';

/**
 * The code typed back from an SMS or a mail (docs/accounts.md#forgotten-password, the forgotten
 * password; #the-students-phone, a new number): one field, one check, one status line, one way to
 * put the focus on the field once it is drawn. The pages keep their own texts (`hint`) and steps.
 */

const CODE = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

/** What is wrong with a typed code: missing, or not its digits; undefined when it looks right. */
export function codeError(code: string): string | undefined {
  if (!code.trim()) return messages.champObligatoire;
  if (!CODE.test(code.trim())) return messages.codeFormat;
  return undefined;
}

/** A ref and a way to focus it once it is drawn (a step that opens, then its field). */
export function useFocusRequest<T extends HTMLElement>(): { ref: RefObject<T | null>; request: () => void } {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) ref.current?.focus();
  }, [asked]);
  return { ref, request: () => setAsked((n) => n + 1) };
}

/** The code's field (`id` `code`): digits only, filled by the phone from the SMS when it can. */
export function CodeField({
  inputRef,
  value,
  onChange,
  error,
  hint,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | undefined;
  hint: string;
}) {
  return (
    <FormField id="code" label={messages.champCode} required error={error} hint={hint}>
      <input
        ref={inputRef}
        id="code"
        name="code"
        className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={RESET_CODE_LENGTH}
        value={value}
        onChange={onChange}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId('code') : 'code-aide'}
      />
    </FormField>
  );
}

/** Where 'a code was sent' is announced (polite), under the step that asked for it. */
export function CodeSent({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <p className="forgot-sent" data-testid="code-envoye">
          {message}
        </p>
      )}
    </div>
  );
}
