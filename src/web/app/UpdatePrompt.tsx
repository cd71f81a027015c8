import { messages } from '../../domain/messages';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from '../lib/pwa';

/**
 * 'Une nouvelle version est disponible.' at the bottom of the screen once a new version has been
 * downloaded (src/web/lib/pwa.ts): 'Mettre à jour' reloads the page on it, 'Plus tard' hides the
 * prompt. Nothing is reloaded without the user's go-ahead: a form being filled is never lost.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" data-testid="mise-a-jour">
      <p>
        <i className="pi pi-sync" aria-hidden="true" /> {messages.nouvelleVersion}
      </p>
      <div className="update-prompt-actions">
        <button
          type="button"
          className="p-button p-component p-button-text update-later"
          onClick={dismissUpdate}
        >
          {messages.plusTard}
        </button>
        <button type="button" className="p-button p-component" onClick={applyUpdate}>
          <i className="pi pi-refresh" aria-hidden="true" />
          <span>{messages.mettreAJour}</span>
        </button>
      </div>
    </div>
  );
}
