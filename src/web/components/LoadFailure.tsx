import { messages } from '../../domain/messages';
import { ApiError, errorMessage } from '../lib/api';

/**
 * Whether loading again may help: not when the server refused the caller (403) or has no such
 * thing (404), whose answer will be the same.
 */
export const retryHelps = (error: unknown): boolean =>
  !(error instanceof ApiError && (error.status === 403 || error.status === 404));

/** A failed load: the server's message (or the network one) and, when it may help, 'Réessayer'. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorMessage(error)}</p>
      {retryHelps(error) && (
        <button type="button" className="p-button p-component p-button-outlined" onClick={onRetry}>
          <i className="pi pi-refresh" aria-hidden="true" />
          <span>{messages.reessayer}</span>
        </button>
      )}
    </div>
  );
}
