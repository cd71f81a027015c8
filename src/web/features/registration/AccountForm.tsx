import { useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { ENGAGEMENT_FLAGS, registrationSchema, type RegistrationIdentity } from '../../../domain/registry';
import { fieldLabel } from '../../../domain/resources/labels';
import { errorId, FormField } from '../../components/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { fill, frenchDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { register } from './api';

type Engagement = (typeof ENGAGEMENT_FLAGS)[number];
type TextField = 'emailEtudiant' | 'personnelBesoin' | 'contact';
type Field = TextField | Engagement;

/** The four engagements: label from the catalogue, and the document each of the first three accepts. */
const ENGAGEMENTS: { name: Engagement; label: string; document?: string }[] = [
  {
    name: 'engagementStatutReglement',
    label: messages.engagementStatutReglement,
    document: paths.documents.statutReglement,
  },
  {
    name: 'engagementPersonnelCaution',
    label: messages.engagementPersonnelCaution,
    document: paths.documents.caution,
  },
  {
    name: 'declarationSurHonneur',
    label: messages.declarationSurHonneur,
    document: paths.documents.declarationHonneur,
  },
  { name: 'luApprouve', label: messages.luApprouve },
];

/** The identity shown read-only, in the registry's order (INE, names, birth, phone). */
const IDENTITY_FIELDS = [
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'dateNaissance',
  'lieuNaissance',
  'telEtudiant',
] as const satisfies readonly (keyof RegistrationIdentity)[];

/** The first message per field of the registration schema's issues. */
function issuesByField(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Partial<Record<Field, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = issue.message;
  }
  return out as Partial<Record<Field, string>>;
}

export type AccountOutcome =
  | { kind: 'created'; email: string }
  /** The birth date no longer matches (the registry changed): back to step 1. */
  | { kind: 'identity'; message: string };

/**
 * Step 2 of /inscription, 'Création de compte': the registry's identity read-only (phone masked by
 * the server), the e-mail (left empty: the registry's one comes back masked and is shown as a hint),
 * the person to warn and their contact, the four required engagements with their documents, and
 * 'Créer mon compte'. Missing data is refused here with 'Renseigner les données complémentaires !'
 * before anything is sent, using the schema the server applies.
 */
export function AccountForm(props: {
  identity: RegistrationIdentity;
  dateNaissance: string;
  onBack: () => void;
  onDone: (outcome: AccountOutcome) => void;
}) {
  const { identity } = props;
  const [text, setText] = useState<Record<TextField, string>>({
    emailEtudiant: '',
    personnelBesoin: '',
    contact: '',
  });
  const [ticked, setTicked] = useState<Record<Engagement, boolean>>({
    engagementStatutReglement: false,
    engagementPersonnelCaution: false,
    declarationSurHonneur: false,
    luApprouve: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clearError = (field: Field) =>
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  const setField = (field: TextField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setText((t) => ({ ...t, [field]: value }));
    if (errors[field]) clearError(field);
  };
  const setTick = (field: Engagement) => (e: { target: { checked: boolean } }) => {
    const value = e.target.checked;
    setTicked((t) => ({ ...t, [field]: value }));
    if (value && errors[field]) clearError(field);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = {
      ine: identity.ine,
      dateNaissance: props.dateNaissance,
      emailEtudiant: text.emailEtudiant.trim(),
      personnelBesoin: text.personnelBesoin.trim(),
      contact: text.contact.trim(),
      ...ticked,
    };
    const checked = registrationSchema.safeParse(body);
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      setError(messages.donneesComplementaires);
      return;
    }
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      await register(checked.data);
      props.onDone({ kind: 'created', email: body.emailEtudiant });
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return setError(errorMessage(err));
      if (err.status === 404) return props.onDone({ kind: 'identity', message: messages.ineInvalide });
      if (err.status === 409) return setError(messages.compteExistant);
      if (err.status === 400) {
        setErrors(err.fieldErrors() as Partial<Record<Field, string>>);
        return setError(messages.donneesComplementaires);
      }
      setError(err.message);
    }
  }

  const describedBy = (name: Field, hint?: boolean) =>
    errors[name] ? errorId(name) : hint ? `${name}-aide` : undefined;

  const textInput = (
    name: TextField,
    opts: { type: 'email' | 'text' | 'tel'; autoComplete: string; inputMode?: 'email' | 'tel' },
    hint?: string,
  ) => (
    <FormField id={name} label={fieldLabel(name)} required error={errors[name]} hint={hint}>
      <input
        id={name}
        name={name}
        type={opts.type}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete}
        className={`p-inputtext p-component${errors[name] ? ' p-invalid' : ''}`}
        value={text[name]}
        onChange={setField(name)}
        maxLength={name === 'contact' ? 30 : name === 'personnelBesoin' ? 150 : 200}
        aria-invalid={Boolean(errors[name]) || undefined}
        aria-describedby={describedBy(name, Boolean(hint))}
      />
    </FormField>
  );

  const emailHint = identity.emailEtudiant
    ? fill(messages.emailRegistreIndice, { email: identity.emailEtudiant })
    : messages.emailInscriptionAide;

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="form-section">
        <legend>{messages.identiteTitre}</legend>
        <p className="field-hint">{messages.identiteAide}</p>
        <div className="identity-grid">
          {IDENTITY_FIELDS.map((name) => {
            const value = identity[name];
            const shown = name === 'dateNaissance' ? frenchDate(value) : (value ?? '');
            const id = `identite-${name}`;
            return (
              <FormField key={name} id={id} label={fieldLabel(name)}>
                <input
                  id={id}
                  name={name}
                  className="p-inputtext p-component"
                  readOnly
                  aria-readonly="true"
                  value={shown}
                />
              </FormField>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{messages.complementsTitre}</legend>
        {textInput('emailEtudiant', { type: 'email', autoComplete: 'email', inputMode: 'email' }, emailHint)}
        {textInput('personnelBesoin', { type: 'text', autoComplete: 'off' }, messages.personnelBesoinAide)}
        {textInput('contact', { type: 'tel', autoComplete: 'off', inputMode: 'tel' }, messages.contactAide)}
      </fieldset>

      <fieldset className="form-section">
        <legend>{messages.engagementsTitre}</legend>
        {ENGAGEMENTS.map(({ name, label, document }) => (
          <div key={name} className={`field field-inline engagement${errors[name] ? ' field-invalid' : ''}`}>
            <input
              id={name}
              name={name}
              type="checkbox"
              checked={ticked[name]}
              onChange={setTick(name)}
              aria-invalid={Boolean(errors[name]) || undefined}
              aria-describedby={describedBy(name)}
            />
            <label htmlFor={name} id={`${name}-libelle`} className="is-required" title={messages.obligatoire}>
              {label}
            </label>
            {document && (
              <a
                href={document}
                target="_blank"
                rel="noopener"
                className="engagement-document"
                aria-describedby={`${name}-libelle`}
                title={messages.nouvelOnglet}
              >
                {messages.consulterDocument}
                <i className="pi pi-external-link" aria-hidden="true" />
              </a>
            )}
            {errors[name] && (
              <small className="field-error" id={errorId(name)} role="alert">
                {errors[name]}
              </small>
            )}
          </div>
        ))}
      </fieldset>

      {error && (
        <p className="error-text" role="alert" data-testid="erreur-inscription">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="p-button p-component" disabled={busy}>
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
          <span>{messages.creerCompte}</span>
        </button>
        <button type="button" className="p-button p-component p-button-outlined" onClick={props.onBack}>
          <i className="pi pi-arrow-left" aria-hidden="true" />
          <span>{messages.modifierIne}</span>
        </button>
      </div>
    </form>
  );
}
