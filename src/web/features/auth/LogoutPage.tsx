import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { clearUser } from '../../lib/auth';
import { clearDrafts } from '../dossier/draft';
import { paths } from '../../lib/paths';

/**
 * Sign-out (`clearUser`, lib/auth.ts): clears the local record, the cached data and the deposit
 * forms kept on this device (a shared computer keeps nothing of the student's), back home.
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    clearUser();
    queryClient.clear();
    void clearDrafts();
    navigate(paths.accueil, { replace: true });
  }, [navigate, queryClient]);
  return <Loading />;
}
