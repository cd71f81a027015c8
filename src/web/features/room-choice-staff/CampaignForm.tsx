import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { ROOM_CHOICE } from '../../../domain/room-choice';
import type { CampaignRead, CampaignUpdateBody } from '../../../domain/schemas/room-choice';
import { errorId, FormField } from '../../components/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';

/** The form's texts: two dates and times (`YYYY-MM-DDTHH:mm`, Ouagadougou's time = UTC) and three numbers. */
interface Values {
  debut: string;
  fin: string;
  dureeCreneauMinutes: string;
  etudiantsParCreneau: string;
  dureeReservationMinutes: string;
}
type Field = keyof Values;

/** `YYYY-MM-DDTHH:mm` of an instant in Ouagadougou's time (UTC all year). */
const local = (d: Date) => d.toISOString().slice(0, 16);
const BOUNDS: Record<
  'dureeCreneauMinutes' | 'etudiantsParCreneau' | 'dureeReservationMinutes',
  [number, number]
> = {
  dureeCreneauMinutes: [1, ROOM_CHOICE.dureeCreneauMinutesMax],
  etudiantsParCreneau: [1, ROOM_CHOICE.etudiantsParCreneauMax],
  dureeReservationMinutes: [ROOM_CHOICE.dureeReservationMinutesMin, ROOM_CHOICE.dureeReservationMinutesMax],
};

function initialValues(c: CampaignRead | null): Values {
  if (c)
    return {
      debut: local(new Date(c.debut)),
      fin: local(new Date(c.fin)),
      dureeCreneauMinutes: String(c.dureeCreneauMinutes),
      etudiantsParCreneau: String(c.etudiantsParCreneau),
      dureeReservationMinutes: String(c.dureeReservationMinutes),
    };
  // Tomorrow at 8:00 for two days: a start that leaves the students a day's notice.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1);
  start.setUTCHours(8, 0, 0, 0);
  return {
    debut: local(start),
    fin: local(new Date(start.getTime() + 2 * 24 * 3600_000)),
    dureeCreneauMinutes: String(ROOM_CHOICE.dureeCreneauMinutesDefaut),
    etudiantsParCreneau: String(ROOM_CHOICE.etudiantsParCreneauDefaut),
    dureeReservationMinutes: String(ROOM_CHOICE.dureeReservationMinutesDefaut),
  };
}

/** The values checked as the server will: required, dates in order, whole numbers in their bounds. */
function check(v: Values): { errors: Partial<Record<Field, string>>; body?: CampaignUpdateBody } {
  const errors: Partial<Record<Field, string>> = {};
  const at = (f: 'debut' | 'fin') => {
    if (!v[f]) errors[f] = messages.champObligatoire;
    const d = new Date(`${v[f]}:00Z`);
    if (v[f] && Number.isNaN(d.getTime())) errors[f] = messages.dateHeureInvalide;
    return d;
  };
  const debut = at('debut');
  const fin = at('fin');
  if (!errors.debut && debut.getTime() < Date.now() - ROOM_CHOICE.debutPasseToleranceMinutes * 60_000)
    errors.debut = messages.choixCampagneDebutPasse;
  if (!errors.debut && !errors.fin && fin.getTime() <= debut.getTime())
    errors.fin = messages.choixCampagneDates;
  const numbers = {} as Record<keyof typeof BOUNDS, number>;
  for (const [f, [min, max]] of Object.entries(BOUNDS) as [keyof typeof BOUNDS, [number, number]][]) {
    const n = Number(v[f]);
    if (!v[f].trim()) errors[f] = messages.champObligatoire;
    else if (!Number.isInteger(n) || n < min || n > max)
      errors[f] = fill(messages.choixEntierEntre, { min, max });
    numbers[f] = n;
  }
  if (Object.keys(errors).length) return { errors };
  return { errors, body: { debut: debut.toISOString(), fin: fin.toISOString(), ...numbers } };
}

/**
 * The campaign's settings, to create it or change it before its start: checked here as the server
 * checks them, the server's own refusals shown under their fields (or above the buttons).
 */
export function CampaignForm(props: {
  campaign: CampaignRead | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: CampaignUpdateBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(props.campaign));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setErrors((x) => ({ ...x, [f]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check(values);
    setErrors(checked.errors);
    setFailure(null);
    if (!checked.body) return;
    try {
      await props.onSubmit(checked.body);
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors() : {};
      if (Object.keys(byField).length) setErrors(byField as Partial<Record<Field, string>>);
      else setFailure(errorMessage(err));
    }
  }

  const input = (f: Field, label: string, type: 'datetime-local' | 'number', hint?: string) => (
    <FormField id={`campagne-${f}`} label={label} required error={errors[f]} hint={hint}>
      <InputText
        id={`campagne-${f}`}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        value={values[f]}
        onChange={set(f)}
        invalid={Boolean(errors[f])}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? errorId(`campagne-${f}`) : undefined}
        {...(type === 'number'
          ? { min: BOUNDS[f as keyof typeof BOUNDS][0], max: BOUNDS[f as keyof typeof BOUNDS][1], step: 1 }
          : {})}
      />
    </FormField>
  );

  return (
    <form
      className="campaign-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="campagne-formulaire"
    >
      <div className="campaign-fields">
        {input('debut', messages.champDebutCampagne, 'datetime-local')}
        {input('fin', messages.champFinCampagne, 'datetime-local')}
        {input('dureeCreneauMinutes', messages.champDureeCreneau, 'number')}
        {input('etudiantsParCreneau', messages.champEtudiantsParCreneau, 'number')}
        {input(
          'dureeReservationMinutes',
          messages.champDureeReservation,
          'number',
          messages.choixDureeReservationAide,
        )}
      </div>
      {failure && (
        <p className="p-error" role="alert" data-testid="campagne-erreur">
          {failure}
        </p>
      )}
      <div className="toolbar-buttons">
        <button type="submit" className="p-button p-component" disabled={props.pending}>
          <i className={props.pending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
          <span>{props.submitLabel}</span>
        </button>
        {props.onCancel && (
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={props.onCancel}
            disabled={props.pending}
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{messages.annuler}</span>
          </button>
        )}
      </div>
    </form>
  );
}
