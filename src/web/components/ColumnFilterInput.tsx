import '../lib/prime';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { messages } from '../../domain/messages';
import { fill } from '../lib/format';
import { HIDDEN_SELECT_PT } from './dropdownPt';

/**
 * The filter cell of a server-paginated table: a text box ("contains" on the server) or, when
 * options are given, a list of French labels (« Tout », in either gender and as short as the column's own width allows, when none is chosen; the cross clears it) for an exact match. The text box
 * says 'Filtrer' (the column's title is just above) or the column's own hint ('JJ/MM/AAAA'), and
 * is never narrower than that placeholder: it shows whole.
 */
export function ColumnFilterInput(props: {
  /** The column's header, used for the accessible label. */
  header: string;
  value: string;
  onChange: (value: string) => void;
  options?: { label: string; value: string }[];
  placeholder?: string;
  /** The control's id, for a visible `<label>` (the phone's filter panel). */
  id?: string;
}) {
  const { header, value, onChange, options } = props;
  const label = fill(messages.filtrerColonne, { colonne: header });
  if (options) {
    return (
      <Dropdown
        pt={HIDDEN_SELECT_PT}
        inputId={props.id}
        value={value || null}
        options={options}
        onChange={(e) => onChange((e.value as string | null) ?? '')}
        placeholder={messages.tous}
        showClear
        aria-label={label}
        className="p-column-filter"
      />
    );
  }
  // 'Filtrer' fits the filter's least width (styles.css); a longer hint widens its box, by a
  // character width ('0') and a tenth per letter: capitals are wider than the '0'.
  const placeholder = props.placeholder ?? messages.filtrer;
  const minWidth = props.placeholder
    ? `calc(${(placeholder.length * 1.1).toFixed(1)}ch + 1.5rem)`
    : undefined;
  return (
    <InputText
      id={props.id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className="p-column-filter"
      style={minWidth ? { minWidth } : undefined}
    />
  );
}
