import '../../lib/prime';
import './staff.css';
import { Dropdown } from 'primereact/dropdown';
import { useState, type FormEvent } from 'react';
import { ETATS_SESSION, type EtatSession } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { FormField, errorId } from '../../components/FormField';
import { useDocumentTitle } from '../../lib/title';
import { DirectionField } from './DirectionField';
import { DossierTable } from './DossierTable';
import { useStaffScope } from './api';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';

const PHASES = ETATS_SESSION.map((v) => ({ label: enumLabel('etatSession', v), value: v }));

/**
 * /depot-direction (docs/sessions-and-dossiers.md#the-deposit-lists): a direction (chosen by
 * central roles and the admin, fixed for a regional manager) and a session phase, both required
 * (the request is not sent while one is missing), then 'Afficher' shows the shared table with its
 * Excel export and a view action per dossier.
 */
export default function DepotDirectionPage() {
  useDocumentTitle(messages.depotDirectionTitre);
  const scope = useStaffScope('dossier.read');
  const [idDirection, setIdDirection] = useState<number | null>(scope.fixed ? scope.idDirection : null);
  const [etatSession, setEtatSession] = useState<EtatSession | null>(null);
  const [errors, setErrors] = useState<{ idDirection?: string; etatSession?: string }>({});
  const [shown, setShown] = useState<{ idDirection: number; etatSession: EtatSession } | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const direction = scope.fixed ? scope.idDirection : idDirection;
    const next = {
      idDirection: direction === null ? messages.champObligatoire : undefined,
      etatSession: etatSession === null ? messages.champObligatoire : undefined,
    };
    setErrors(next);
    if (direction === null || etatSession === null) return;
    setShown({ idDirection: direction, etatSession });
  }

  return (
    <section className="resource-screen">
      <h1>{messages.depotDirectionTitre}</h1>
      <p className="staff-intro">
        {scope.fixed ? messages.depotDirectionIntroFixe : messages.depotDirectionIntro}
      </p>
      <form className="staff-filters" onSubmit={submit} noValidate>
        <DirectionField
          id="depot-direction"
          fixed={scope.fixed}
          fixedLabel={scope.libelleDirection}
          value={idDirection}
          onChange={(v) => {
            setIdDirection(v);
            setErrors((x) => ({ ...x, idDirection: undefined }));
          }}
          required
          error={errors.idDirection}
        />
        <FormField id="depot-phase" label={messages.champPhaseSession} required error={errors.etatSession}>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId="depot-phase"
            value={etatSession}
            options={PHASES}
            onChange={(e) => {
              setEtatSession((e.value as EtatSession | null | undefined) ?? null);
              setErrors((x) => ({ ...x, etatSession: undefined }));
            }}
            placeholder={messages.choisir}
            invalid={Boolean(errors.etatSession)}
            aria-invalid={Boolean(errors.etatSession) || undefined}
            aria-describedby={errors.etatSession ? errorId('depot-phase') : undefined}
          />
        </FormField>
        <button type="submit" className="p-button p-component">
          <i className="pi pi-filter" aria-hidden="true" />
          <span>{messages.afficher}</span>
        </button>
      </form>
      {shown && (
        <DossierTable
          scope="direction"
          label={messages.depotDirectionTitre}
          extra={{ idDirection: shown.idDirection, etatSession: shown.etatSession }}
          exportName="depot_direction.xlsx"
        />
      )}
    </section>
  );
}
