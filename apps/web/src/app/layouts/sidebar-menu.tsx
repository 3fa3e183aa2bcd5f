import { NavLink } from '@mantine/core';
import { isPathOfMenuEntry, type MenuPath } from '@portico/contracts/access/menu';
import {
  type Icon,
  IconAlertTriangle,
  IconBuildingBank,
  IconBuildingStore,
  IconCalculator,
  IconCalendarDollar,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconClock,
  IconCoins,
  IconDeviceDesktop,
  IconFileInvoice,
  IconGavel,
  IconHome,
  IconKeyboard,
  IconLock,
  IconMapPin,
  IconMasksTheater,
  IconReceipt,
  IconRepeat,
  IconReportAnalytics,
  IconRocket,
  IconShare,
  IconShieldLock,
  IconTool,
  IconUserPlus,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSignedInSession } from '../../lib/auth/session-context';
import { usePortalMenu } from '../../lib/auth/use-portal-menu';

// The entries, their order and their rules are the shared ones (contracts/access/menu); the sidebar
// only adds an icon per path.
const menuIcons: Record<MenuPath, Icon> = {
  '/certification-page': IconCertificate,
  '/home': IconHome,
  '/enroll-portal-page': IconUserPlus,
  '/mimic': IconMasksTheater,
  '/monthly-billing': IconCalendarDollar,
  '/onboarding': IconRocket,
  '/accounts': IconBuildingBank,
  '/merchants': IconBuildingStore,
  '/reporting': IconChartBar,
  '/admin-reporting': IconReportAnalytics,
  '/costing': IconCalculator,
  '/payouts': IconFileInvoice,
  '/billing': IconReceipt,
  '/disputes': IconGavel,
  '/report/recurring': IconRepeat,
  '/vault': IconLock,
  '/permissions': IconShieldLock,
  '/sublocations': IconMapPin,
  '/users': IconUsers,
  '/terminals': IconDeviceDesktop,
  '/risk': IconAlertTriangle,
  '/rev-share': IconShare,
  '/audit': IconClipboardList,
  '/operations': IconTool,
  '/key-entry': IconKeyboard,
  '/revshareadmin': IconCoins,
  '/jobs': IconClock,
  '/developers': IconWebhook,
};

type SidebarMenuProps = { onNavigate: () => void };

// Menu links are not disabled for non-admin roles: every visible entry is a working link, for
// every role: the list is already filtered by role, permission
// and the visibility rules, so a disabled entry would only show a page the user may open but cannot
// reach, and the route guard refuses anything the role may not open.
export function SidebarMenu({ onNavigate }: SidebarMenuProps) {
  const { pathname } = useLocation();
  const session = useSignedInSession();
  const entries = usePortalMenu();

  return (
    <nav aria-label="Main menu" aria-busy={session.permissionsState === 'loading'}>
      {entries.map((entry) => {
        const EntryIcon = menuIcons[entry.path];
        return (
          <NavLink
            key={entry.path}
            component={Link}
            to={entry.path}
            label={entry.title}
            leftSection={<EntryIcon size={18} stroke={1.6} aria-hidden />}
            active={isPathOfMenuEntry(entry, pathname)}
            onClick={onNavigate}
            variant="light"
          />
        );
      })}
    </nav>
  );
}
