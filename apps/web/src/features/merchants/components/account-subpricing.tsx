import { useSignedInSession } from '../../../lib/auth/session-context';
import { ClientSubpricing } from './subpricing-section';

type AccountSubpricingProps = { clientId: string };

// The account page's sub-pricing table (spec 2 §2.2 submerchant settings, spec 3 §3 subpricing row):
// the Merchants page's table for this one client, edited by staff (spec 2 §6 subpricing add), without
// the copy-from control of the Merchants page.
export function AccountSubpricing({ clientId }: AccountSubpricingProps) {
  const { actingRole } = useSignedInSession();
  const canEdit = actingRole === 'admin' || actingRole === 'healnow';
  return <ClientSubpricing clientId={clientId} copySources={[]} canEdit={canEdit} />;
}
