import '../staff/staff.css';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { ExportButton } from '../../components/list/ExportButton';
import { ServerTable } from '../../components/list/ServerTable';
import { roleOf, useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { OfferCounts } from '../offers/OfferCounts';
import { MessageCounts } from '../messages/MessageCounts';
import { WithdrawDialog, withdrawable } from '../offers/WithdrawDialog';
import type { AdmisRow } from '../../../domain/schemas/admissibles';
import { AdmisCount } from './admisList';
import { useAdmisList } from './api';
import { admisColumns } from './columns';
import { useSessionChooser, type ChosenSession } from '../staff/SessionChooser';
import { fullName } from '../../../domain/format';

/**
 * The columns a manager works with, first what it acts on (list, rank, who, the answer and its
 * deadline), fitting a 1366 px screen without a sideways scroll; the birth date and place, the
 * bac's year and the ville are in the Excel export (docs/sessions-and-dossiers.md#the-deposit-lists).
 */
const COLUMNS = admisColumns([
  'listeDeliberation',
  'rang',
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'sexeEtudiant',
  'moyenne',
  'reponse',
  'dateLimiteReponse',
]);

const nomOf = (r: AdmisRow) => fullName(r.nomEtudiant, r.prenomEtudiant) || r.ine;

function AdmisTable({ chosen }: { chosen: ChosenSession }) {
  const mayWithdraw = can(roleOf(useUser()), 'offer.withdraw');
  const [toWithdraw, setToWithdraw] = useState<AdmisRow | null>(null);
  const list = useAdmisList('admis', '/campus/etudiant-admis', chosen);
  return (
    <>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="ine"
        label={messages.listeAdmissibleTitre}
        toolbar={<ExportButton list={list} fileName="liste_admissibles.xlsx" format="xlsx" />}
        above={
          <>
            <OfferCounts idSessionCenou={chosen.idSessionCenou} idDirection={chosen.idDirection} />
            <MessageCounts idSessionCenou={chosen.idSessionCenou} idDirection={chosen.idDirection} />
            <AdmisCount list={list} />
          </>
        }
        rowActions={
          mayWithdraw
            ? (r) =>
                r.idDossier != null && withdrawable(r.reponse) ? (
                  <button
                    type="button"
                    className="p-button p-component p-button-outlined p-button-danger p-button-sm"
                    onClick={() => setToWithdraw(r)}
                    aria-label={fill(messages.retirerAdmission, { nom: nomOf(r) })}
                    title={fill(messages.retirerAdmission, { nom: nomOf(r) })}
                  >
                    <i className="pi pi-user-minus" aria-hidden="true" />
                    <span>{messages.retirer}</span>
                  </button>
                ) : null
            : undefined
        }
      />
      {toWithdraw?.idDossier != null && (
        <WithdrawDialog
          idDossier={toWithdraw.idDossier}
          nom={nomOf(toWithdraw)}
          reponse={toWithdraw.reponse}
          onClose={() => setToWithdraw(null)}
        />
      )}
    </>
  );
}

/**
 * /liste-admissible (docs/deliberation.md, docs/offers.md): the admitted students of a
 * session (published deliberation and loaded list) in the shared server-paginated table with its
 * Excel export, each with its answer (a filter of French labels) and deadline; the offers' counts
 * above; 'Retirer' (admin, regional manager) on an admission waiting or accepted. Central roles
 * and the admin choose a direction; a regional manager sees its own.
 */
export default function ListeAdmissiblePage() {
  useDocumentTitle(messages.listeAdmissibleTitre);
  const { chosen, fields } = useSessionChooser('admissibles.read', 'admis');
  return (
    <section className="resource-screen">
      <h1>{messages.listeAdmissibleTitre}</h1>
      <p className="staff-intro">{messages.listeAdmissibleIntro}</p>
      {fields}
      {chosen && <AdmisTable chosen={chosen} />}
    </section>
  );
}
