import '../../lib/prime';
import './staff.css';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../../domain/messages';
import { anneeLibelle } from '../../../domain/workflow';
import { FormField } from '../../components/FormField';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/title';
import { DossierTable } from './DossierTable';
import { useStaffScope } from './api';
import { useSessionList } from './sessions';

/** The academic years of the sessions (their first year), newest first. */
export function sessionYears(sessions: readonly { anneeDebut?: number | null }[]): number[] {
  const years = new Set<number>();
  for (const s of sessions) if (typeof s.anneeDebut === 'number') years.add(s.anneeDebut);
  return [...years].sort((a, b) => b - a);
}

/**
 * /depot-general (docs/sessions-and-dossiers.md#the-deposit-lists): every deposit the user may read, of
 * one academic year (the sessions of every direction that start in it; the newest by default, as
 * the other staff lists open on the newest session), the year named by its chooser, and the Excel
 * export with its « Session » column (docs/sessions-and-dossiers.md#the-deposit-lists).
 */
export default function DepotGeneralPage() {
  useDocumentTitle(messages.depotGeneralTitre);
  const scope = useStaffScope('dossier.read');
  const list = useSessionList();
  const years = useMemo(() => sessionYears(list.sessions), [list.sessions]);
  const [annee, setAnnee] = useState<number | null>(null);
  useEffect(() => {
    setAnnee((current) => (current !== null && years.includes(current) ? current : (years[0] ?? null)));
  }, [years]);
  return (
    <section className="resource-screen">
      <h1>{messages.depotGeneralTitre}</h1>
      <p className="staff-intro">
        {scope.fixed ? messages.depotGeneralIntroDirection : messages.depotGeneralIntro}
      </p>
      <div className="staff-filters">
        <FormField id="depot-general-annee" label={messages.champAnneeSession} required>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId="depot-general-annee"
            value={annee}
            options={years.map((y) => ({ label: anneeLibelle(y), value: y }))}
            onChange={(e) => setAnnee((e.value as number | null | undefined) ?? null)}
            placeholder={messages.choisir}
            loading={list.isFetching}
            emptyMessage={list.isError ? errorMessage(list.error) : messages.aucuneSessionAnnee}
          />
        </FormField>
      </div>
      {annee !== null && (
        <DossierTable
          scope="general"
          label={messages.depotGeneralTitre}
          directions={!scope.fixed}
          extra={{ anneeDebut: annee }}
          exportName="depot_general.xlsx"
        />
      )}
    </section>
  );
}
