import { canOpenEnrollPage } from '@portico/contracts/access/permissions';
import { EnrollText } from '@portico/contracts/enrollment/enroll';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { portalEnv } from '../../../lib/portal-env';
import { EnrollForm } from './enroll-form';

// /enroll-portal-page: without the Permissions permission (RBAC on, not the
// primary client) the user is told and sent to /.
export function EnrollPage() {
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  const isAllowed = canOpenEnrollPage(user, portalEnv.primaryClientId);

  useEffect(() => {
    if (isAllowed) return;
    showToast({ text: EnrollText.NoMimicPermission, type: 'danger' });
    void navigate('/', { replace: true });
  }, [isAllowed, navigate]);

  return isAllowed ? <EnrollForm /> : null;
}
