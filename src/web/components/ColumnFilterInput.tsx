import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { messages } from '../../domain/messages';
import { fill } from '../lib/format';
import { HIDDEN_SELECT_PT } from './dropdownPt';

/**
 * The filter cell of a server-paginated table: a text box ("contains" on the server) or, when
 * options are given, a list of French labels ("Tous" clears it) for an exact match.
 */
export function ColumnFilterInput(props: {
  /** The column's header, used for the accessible label. */
  header: string;
  value: string;
  onChange: (value: string) => void;
  options?: { label: string; value: string }[];
  placeholder?: string;
}) {
  const { header, value, onChange, options } = props;
  const label = fill(messages.filtrerColonne, { colonne: header });
  if (options) {
    return (
      <Dropdown
        pt={HIDDEN_SELECT_PT}
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
  return (
    <InputText
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={props.placeholder ?? header}
      aria-label={label}
      className="p-column-filter"
    />
  );
}
