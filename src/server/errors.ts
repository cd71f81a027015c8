import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '../domain/errors';
import { messages, type MessageKey } from '../domain/messages';

/** An error with its docs/api.md#errors; the error handler turns it into the JSON error body. */
export class AppError extends Error {
  readonly status: number;
  /** The catalogue key of its message, when it was given one (an SMS answer tells the reason by it). */
  readonly key: MessageKey | undefined;
  constructor(
    readonly code: ErrorCode,
    message?: MessageKey | { text: string },
    readonly errors?: FieldError[],
  ) {
    const text =
      message === undefined
        ? messages[ERROR_CODES[code].message]
        : typeof message === 'string'
          ? messages[message]
          : message.text;
    super(text);
    this.status = ERROR_CODES[code].status;
    this.key = typeof message === 'string' ? message : undefined;
  }

  body(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors?.length ? { errors: this.errors } : {}),
    };
  }
}

export const notFound = (key: MessageKey = 'erreurIntrouvable') => new AppError('INTROUVABLE', key);

/** A 400 naming fields: `fieldError('nomCite')` says 'Ce champ est obligatoire.' */
export function fieldErrors(errors: FieldError[], key: MessageKey = 'erreurValidation'): AppError {
  return new AppError('VALIDATION', key, errors);
}
export function fieldError(champ: string, key: MessageKey = 'champObligatoire'): AppError {
  return fieldErrors([{ champ, message: messages[key] }]);
}

/** Turns a zod issue list into field errors (path `liste.0.idCritere`). */
export function zodIssuesToFieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) => ({ champ: i.path.map(String).join('.') || 'body', message: i.message }));
}
