import { useSignedInSession } from '../../../lib/auth/session-context';
import { ClientSubpricing } from './subpricing-section';

type AccountSubpricingProps = { clientId: string };

// The account page's sub-pricing table (submerchant settings, one subpricing row per MCC code):
// the Merchants page's table for this one client, edited by staff (subpricing add is staff's), without
// the copy-from control of the Merchants page.
export function AccountSubpricing({ clientId }: AccountSubpricingProps) {
  const { actingRole } = useSignedInSession();
  const canEdit = actingRole === 'admin' || actingRole === 'healnow';
  return <ClientSubpricing clientId={clientId} copySources={[]} canEdit={canEdit} />;
}
