import { messages } from '../../domain/messages';

/** A light spinner (no component library) shown while a page chunk or its data loads. */
export function Loading({ label = messages.chargement }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
