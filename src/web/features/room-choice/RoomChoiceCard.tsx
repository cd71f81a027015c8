import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { roomChoiceMessages as rc } from '../../../domain/messages-room-choice';
import { mySlotState } from '../../../domain/room-choice';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ouagaDateTime, ouagaTime } from '../offers/time';
import { fetchMine, roomChoiceKeys } from './api';

/**
 * The dashboard's card of the room choice (docs/room-choice.md#the-students-screen): shown only
 * while a campaign gives the student a slot, with when it opens (or until when it is open) and the
 * way to the choice. Asked only of a student whose admission it accepted: others have no slot.
 */
export function RoomChoiceCard({ ine }: { ine: string }) {
  const mine = useQuery({
    queryKey: roomChoiceKeys.moi(ine),
    queryFn: ({ signal }) => fetchMine(signal),
    enabled: ine !== '',
    staleTime: 0,
    retry: false,
  });
  const m = mine.data;
  if (!m || new Date(m.fin).getTime() <= Date.now()) return null;
  const state = mySlotState(new Date(), m);
  const open = state !== 'PAS_ENCORE_OUVERT';
  // What waits for the student itself: a hold to confirm before it lapses, an invitation to answer.
  const hold = state === 'EN_RESERVATION' ? m.reservation : null;
  const invited = m.groupe?.membres.some((g) => g.ine === ine && g.statut === 'INVITE') ?? false;
  return (
    <section
      className="card dossier-page room-choice-invite-card"
      aria-labelledby="choix-chambre-titre"
      data-testid="carte-choix-chambre"
    >
      <h2 id="choix-chambre-titre">{rc.choixCarteTitre}</h2>
      <p>
        {m.loge
          ? rc.choixCarteLoge
          : open
            ? fill(rc.choixCarteOuvert, { fin: ouagaDateTime(m.fin) })
            : fill(rc.choixCarteAVenir, { debut: ouagaDateTime(m.debutCreneau) })}
      </p>
      {!m.loge && hold && (
        <p className="room-choice-card-alert" data-testid="carte-choix-reservation">
          {fill(rc.choixCarteReservation, {
            chambre: `${hold.nomCite}, ${hold.libelleBatiment}, ${hold.libelleChambre}`,
            heure: ouagaTime(hold.expireA),
          })}
        </p>
      )}
      {!m.loge && invited && (
        <p className="room-choice-card-alert" data-testid="carte-choix-invitation">
          {rc.choixCarteInvitation}
        </p>
      )}
      <Link className="p-button p-component" to={paths.choixChambre}>
        <i className="pi pi-key" aria-hidden="true" />
        <span>
          {m.loge ? rc.choixVoirLit : hold ? rc.choixCarteConfirmer : open ? rc.choixOuvrir : rc.choixVoir}
        </span>
      </Link>
    </section>
  );
}
