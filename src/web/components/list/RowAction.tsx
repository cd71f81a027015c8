/** A row's icon button in a list's 'Actions' column: the label is read aloud and shown on hover. */
export function RowAction({
  label,
  icon,
  onClick,
  severity,
}: {
  label: string;
  /** A primeicons class, e.g. `pi pi-pencil`. */
  icon: string;
  onClick: () => void;
  severity?: 'warning' | 'danger';
}) {
  return (
    <button
      type="button"
      className={`p-button p-component p-button-icon-only p-button-rounded p-button-text${severity ? ` p-button-${severity}` : ''}`}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <i className={icon} aria-hidden="true" />
    </button>
  );
}
