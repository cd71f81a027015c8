import '../../lib/prime';
import { useQuery } from '@tanstack/react-query';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { fieldEnumLabel } from '../../../domain/messages-labels';
import { getResource } from '../../../domain/resources/definitions';
import { fieldLabel } from '../../../domain/resources/labels';
import { validateForm } from '../../../domain/resources/shape';
import type { FieldDef, ResourceDef, ResourceRow } from '../../../domain/resources/types';
import { createRow, fetchRows, updateRow } from './api';
import {
  buildBody,
  initialValues,
  isBlank,
  shownFields,
  withValue,
  type EnumFilter,
  type Values,
} from './form';
import { errorId, FormField } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { ApiError, errorMessage } from '../../lib/api';
import { fill, fromIsoDate, toIsoDate } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';
import { PrimeDialog } from '../../components/PrimeDialog';

const inputId = (name: string) => `champ-${name}`;

/** A dropdown of another resource's rows, narrowed by the parent field of a cascade. */
function RefDropdown(props: {
  field: FieldDef;
  value: unknown;
  parentValue: unknown;
  invalid: boolean;
  required: boolean;
  onChange: (v: number | null) => void;
}) {
  const { field } = props;
  const ref = getResource(field.ref!);
  const waiting = Boolean(field.cascadeFrom) && isBlank(props.parentValue);
  const query = useQuery({
    queryKey: ['options', ref.name, field.cascadeFrom ?? null, field.cascadeFrom ? props.parentValue : null],
    queryFn: ({ signal }) =>
      fetchRows(
        ref.name,
        field.cascadeFrom ? { [field.cascadeFrom]: String(props.parentValue) } : undefined,
        signal,
      ),
    enabled: !waiting,
    staleTime: 60_000,
  });
  const options = (query.data ?? []).map((row) => ({
    label: ref.optionLabel(row),
    value: Number(row[ref.idField]),
  }));
  const placeholder = waiting
    ? fill(messages.choisirDabord, { champ: fieldLabel(field.cascadeFrom!) })
    : messages.choisir;
  return (
    <Dropdown
      pt={HIDDEN_SELECT_PT}
      inputId={inputId(field.name)}
      value={isBlank(props.value) ? null : Number(props.value)}
      options={options}
      onChange={(e) => props.onChange((e.value as number | null | undefined) ?? null)}
      placeholder={placeholder}
      disabled={waiting}
      loading={query.isFetching}
      filter={options.length > 7}
      showClear={!props.required}
      emptyMessage={query.isError ? errorMessage(query.error) : messages.aucunResultat}
      emptyFilterMessage={messages.aucunResultat}
      invalid={props.invalid}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.invalid ? errorId(inputId(field.name)) : undefined}
      className="w-full"
    />
  );
}

/**
 * The 'Informations …' dialog of a resource: one widget per
 * field type, cascading dropdowns, 'Ce champ est obligatoire.' under empty required fields after a
 * save attempt, the server's field errors under their fields, Quitter and Enregistrer.
 */
export function ResourceDialog(props: {
  def: ResourceDef;
  mode: 'create' | 'edit';
  row?: ResourceRow;
  enumFilter?: EnumFilter;
  onClose: () => void;
  onSaved: (row: ResourceRow) => void;
}) {
  const { def, mode, row } = props;
  const toast = useToast();
  const [initial] = useState(() => initialValues(def, mode, row));
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const validationMode = mode === 'create' ? 'create' : 'update';
  const clientErrors = submitted ? validateForm(def, values, validationMode) : {};
  const errors = { ...serverErrors, ...clientErrors };

  function set(name: string, value: unknown) {
    setValues((current) => withValue(def, current, name, value));
    setServerErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _removed, ...rest } = e;
      return rest;
    });
  }

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const found = validateForm(def, values, validationMode);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = buildBody(def, values, mode);
      const saved =
        mode === 'create' ? await createRow(def, body) : await updateRow(def, row![def.idField], body);
      toast.success();
      props.onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError) setServerErrors(err.fieldErrors());
      toast.failure(errorMessage(err));
      setSaving(false);
    }
  }

  const formId = `formulaire-${def.name}`;
  const footer = (
    <div className="dialog-footer">
      <button type="button" className="p-button p-component p-button-text" onClick={props.onClose}>
        <i className="pi pi-times" aria-hidden="true" />
        <span>{messages.quitter}</span>
      </button>
      <button type="submit" form={formId} className="p-button p-component" disabled={saving}>
        <i className={saving ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
        <span>{messages.enregistrer}</span>
      </button>
    </div>
  );

  return (
    <PrimeDialog
      header={def.dialogTitle}
      footer={footer}
      onHide={props.onClose}
      style={{ width: '450px' }}
      breakpoints={{ '640px': '96vw' }}
      className="resource-dialog"
    >
      <form id={formId} onSubmit={save} noValidate className="p-fluid">
        {shownFields(def, values).map((f) => {
          const id = inputId(f.name);
          // A field shown under its `onlyWhen` is required there.
          const required = Boolean(f.required || f.onlyWhen || (mode === 'create' && f.requiredOnCreate));
          const error = errors[f.name];
          const invalid = Boolean(error);
          const describedBy = invalid ? errorId(id) : undefined;
          const label = f.label ?? fieldLabel(f.name);
          const value = values[f.name];
          let widget;
          switch (f.type) {
            case 'integer':
              widget = (
                <InputNumber
                  inputId={id}
                  value={isBlank(value) ? null : Number(value)}
                  onValueChange={(e) => set(f.name, e.value ?? null)}
                  useGrouping={false}
                  min={f.min}
                  max={f.max}
                  invalid={invalid}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              );
              break;
            case 'boolean':
              widget = (
                <Checkbox
                  inputId={id}
                  checked={value === true}
                  onChange={(e) => set(f.name, e.checked === true)}
                  invalid={invalid}
                  aria-describedby={describedBy}
                />
              );
              break;
            case 'date':
              widget = (
                <Calendar
                  inputId={id}
                  value={fromIsoDate(value)}
                  onChange={(e) => set(f.name, e.value instanceof Date ? toIsoDate(e.value) : null)}
                  dateFormat="dd/mm/yy"
                  showIcon
                  showButtonBar
                  invalid={invalid}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              );
              break;
            case 'enum': {
              const options = (f.values ?? [])
                .filter((v) => !props.enumFilter || props.enumFilter(f, v, initial))
                .map((v) => ({ label: fieldEnumLabel(f.name, v), value: v }));
              widget = (
                <Dropdown
                  pt={HIDDEN_SELECT_PT}
                  inputId={id}
                  value={isBlank(value) ? null : value}
                  options={options}
                  onChange={(e) => set(f.name, e.value ?? null)}
                  placeholder={messages.choisir}
                  showClear={!required}
                  invalid={invalid}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              );
              break;
            }
            case 'ref':
              widget = (
                <RefDropdown
                  field={f}
                  value={value}
                  parentValue={f.cascadeFrom ? values[f.cascadeFrom] : undefined}
                  invalid={invalid}
                  required={required}
                  onChange={(v) => set(f.name, v)}
                />
              );
              break;
            case 'password':
              widget = (
                <PasswordInput
                  id={id}
                  autoComplete="new-password"
                  value={typeof value === 'string' ? value : ''}
                  onChange={(e) => set(f.name, e.target.value)}
                  invalid={invalid}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              );
              break;
            default:
              widget = (
                <InputText
                  id={id}
                  type={f.type === 'email' || f.type === 'tel' ? f.type : 'text'}
                  inputMode={f.type === 'tel' ? 'tel' : undefined}
                  value={typeof value === 'string' ? value : value == null ? '' : String(value)}
                  onChange={(e) => set(f.name, e.target.value)}
                  maxLength={f.maxLength}
                  invalid={invalid}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  autoComplete="off"
                />
              );
          }
          return (
            <FormField
              key={f.name}
              id={id}
              label={label}
              required={required}
              error={error}
              inline={f.type === 'boolean'}
            >
              {widget}
            </FormField>
          );
        })}
      </form>
    </PrimeDialog>
  );
}
