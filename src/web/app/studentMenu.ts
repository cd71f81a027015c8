import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { studentMenuState, type StudentMenuState } from '../../domain/student-menu';
import { depositSituationQuery } from '../features/dossier/situation';
import { fetchMyRent, rentKeys } from '../features/rent/api';
import { useUser } from '../lib/auth';
import { readsStudentMenu, type Viewer } from './registry';

/**
 * What a student's menu offers (decision 066), from the one read « Mon loyer » makes too
 * (`GET campus/loyer/etudiant`, under the same key: a payment or a departure that reloads the rent
 * redraws the menu), and « Dépôt » from the student's deposit situation (`GET
 * campus/dossier/situation`, the read its dashboard and /depot make too; decision 072). Read again
 * after a minute; kept on the device with the student's other reads (lib/offline.ts), so that the
 * menu stays the same offline. Undefined for staff, and for a student until the rent's first
 * answer: its menu then shows no cité entry rather than one that may not apply.
 */
export function useStudentMenu(viewer: Viewer): StudentMenuState | undefined {
  const student = readsStudentMenu(viewer);
  const ine = useUser()?.username ?? '';
  const situation = useQuery({
    ...depositSituationQuery(ine),
    meta: { menu: true },
    enabled: student && ine !== '',
  });
  const rent = useQuery({
    queryKey: rentKeys.mine(),
    queryFn: ({ signal }) => fetchMyRent(signal),
    meta: { menu: true },
    enabled: student,
    staleTime: 60_000,
  });
  return useMemo(
    () => (student && rent.data ? studentMenuState(rent.data, new Date(), situation.data) : undefined),
    [student, rent.data, situation.data],
  );
}
