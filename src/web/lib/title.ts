import { useEffect } from 'react';
import { messages } from '../../domain/messages';

/** Sets the tab title: 'Page — CENOU — Hébergement universitaire'. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${messages.appTitre}` : messages.appTitre;
  }, [title]);
}
