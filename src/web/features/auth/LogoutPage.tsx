import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { clearUser } from '../../lib/auth';
import { paths } from '../../lib/paths';

/** Sign-out (workflow specification §2): clears the local record and the cached data, back home. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    clearUser();
    queryClient.clear();
    navigate(paths.accueil, { replace: true });
  }, [navigate, queryClient]);
  return <Loading />;
}
