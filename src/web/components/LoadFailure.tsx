import { messages } from '../../domain/messages';
import { errorMessage } from '../lib/api';

/** A failed load: the server's message (or the network one) and 'Réessayer'. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorMessage(error)}</p>
      <button type="button" className="p-button p-component p-button-outlined" onClick={onRetry}>
        <i className="pi pi-refresh" aria-hidden="true" />
        <span>{messages.reessayer}</span>
      </button>
    </div>
  );
}
