import '../../lib/prime';
import { Dropdown } from 'primereact/dropdown';
import { messages } from '../../../domain/messages';
import { FormField, errorId } from '../../components/FormField';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDirections } from './api';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';

/**
 * The direction of a staff screen: a dropdown of every direction for central roles and the admin,
 * the user's own direction shown (not editable) for a regional manager.
 */
export function DirectionField(props: {
  id: string;
  fixed: boolean;
  fixedLabel: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
  required?: boolean;
  error?: string;
  /** Offer 'Toutes les directions' (value null) first. */
  allowAll?: boolean;
}) {
  const directions = useDirections(!props.fixed);
  if (props.fixed) {
    return (
      <p className="staff-direction" data-testid="direction-fixe">
        <i className="pi pi-sitemap" aria-hidden="true" />{' '}
        {fill(messages.directionFixe, { direction: props.fixedLabel ?? '' })}
      </p>
    );
  }
  const options = [
    ...(props.allowAll ? [{ label: messages.dashboardToutes, value: null as number | null }] : []),
    ...(directions.data ?? []).map((d) => ({
      label: d.libelleDirection,
      value: d.idDirection as number | null,
    })),
  ];
  return (
    <FormField id={props.id} label={messages.champDirection} required={props.required} error={props.error}>
      <Dropdown
        pt={HIDDEN_SELECT_PT}
        inputId={props.id}
        value={props.value}
        options={options}
        onChange={(e) => props.onChange((e.value as number | null | undefined) ?? null)}
        placeholder={props.allowAll ? messages.dashboardToutes : messages.choisir}
        loading={directions.isFetching}
        filter={options.length > 7}
        emptyMessage={directions.isError ? errorMessage(directions.error) : messages.aucunResultat}
        emptyFilterMessage={messages.aucunResultat}
        invalid={Boolean(props.error)}
        aria-invalid={Boolean(props.error) || undefined}
        aria-describedby={props.error ? errorId(props.id) : undefined}
      />
    </FormField>
  );
}
