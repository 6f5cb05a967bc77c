import { accountCalls } from '@portal/contract/calls';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { endSession, getToken, readUserInfo } from '#web/shared/session.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';

/** `/loginOut`: ends the session (a failed quit call is ignored) and goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    const companyId = readUserInfo()?.company_id;
    const quit = getToken() ? api.call(accountCalls.quit, { company_id: companyId }, { toast: false }) : null;
    Promise.resolve(quit)
      .catch(() => {})
      .finally(() => {
        endSession();
        if (live) navigate('/login', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate]);
  return <PageSpin description="正在退出…" />;
}
