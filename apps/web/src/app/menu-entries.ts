import {
  type Icon,
  IconAlertTriangle,
  IconBuildingBank,
  IconBuildingStore,
  IconCalculator,
  IconCalendarDollar,
  IconCertificate,
  IconChartBar,
  IconDeviceDesktop,
  IconFileInvoice,
  IconHome,
  IconLock,
  IconMapPin,
  IconMasksTheater,
  IconReceipt,
  IconRepeat,
  IconReportAnalytics,
  IconRocket,
  IconShare,
  IconShieldLock,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { UserRole } from './route-meta';

// Spec 1 §2.1 visibility rules, applied by the access filter of the sign-in issue.
export type MenuVisibility =
  | 'always'
  | 'client-in-certification'
  | 'parent-members-only'
  | 'internal-only'
  | 'internal-and-partner-staff';

export type MenuEntry = {
  title: string;
  path: string;
  roles: readonly UserRole[];
  permission?: string;
  visibility: MenuVisibility;
  // Shown to processor-audit users (spec 1 §2.1).
  isAuditFlagged?: boolean;
  icon: Icon;
};

const CLIENTS: readonly UserRole[] = ['admin', 'user', 'parent', 'healnow'];
const MERCHANTS: readonly UserRole[] = ['admin', 'user', 'parent'];

export const menuEntries: readonly MenuEntry[] = [
  {
    title: 'Certification',
    path: '/certification-page',
    roles: CLIENTS,
    permission: 'Permissions',
    visibility: 'client-in-certification',
    icon: IconCertificate,
  },
  {
    title: 'Home',
    path: '/home',
    roles: CLIENTS,
    visibility: 'always',
    isAuditFlagged: true,
    icon: IconHome,
  },
  {
    title: 'Create Enrollment',
    path: '/enroll-portal-page',
    roles: CLIENTS,
    permission: 'Permissions',
    visibility: 'parent-members-only',
    isAuditFlagged: true,
    icon: IconUserPlus,
  },
  {
    title: 'Mimic',
    path: '/mimic',
    roles: ['admin', 'alpha', 'parent'],
    permission: 'Permissions',
    visibility: 'always',
    icon: IconMasksTheater,
  },
  {
    title: 'Monthly Billing',
    path: '/monthly-billing',
    roles: ['admin'],
    visibility: 'internal-only',
    icon: IconCalendarDollar,
  },
  {
    title: 'Onboarding',
    path: '/onboarding',
    roles: ['admin', 'user'],
    visibility: 'parent-members-only',
    icon: IconRocket,
  },
  {
    title: 'Admin Accounts',
    path: '/accounts',
    roles: ['admin', 'healnow'],
    visibility: 'internal-only',
    icon: IconBuildingBank,
  },
  {
    title: 'Accounts',
    path: '/merchants',
    roles: MERCHANTS,
    permission: 'Merchant Accounts',
    visibility: 'always',
    isAuditFlagged: true,
    icon: IconBuildingStore,
  },
  {
    title: 'Reporting',
    path: '/reporting',
    roles: MERCHANTS,
    permission: 'Reports',
    visibility: 'always',
    isAuditFlagged: true,
    icon: IconChartBar,
  },
  {
    title: 'Admin Reporting',
    path: '/admin-reporting',
    roles: ['admin'],
    permission: 'Reports',
    visibility: 'internal-only',
    icon: IconReportAnalytics,
  },
  {
    title: 'Costing',
    path: '/costing',
    roles: ['admin'],
    permission: 'Reports',
    visibility: 'internal-only',
    icon: IconCalculator,
  },
  {
    title: 'Statements',
    path: '/payouts',
    roles: MERCHANTS,
    permission: 'Payouts',
    visibility: 'always',
    icon: IconFileInvoice,
  },
  {
    title: 'Billing',
    path: '/billing',
    roles: MERCHANTS,
    permission: 'Payouts',
    visibility: 'internal-and-partner-staff',
    icon: IconReceipt,
  },
  {
    title: 'Recurring Charges',
    path: '/report/recurring',
    roles: MERCHANTS,
    permission: 'Recurring Charges',
    visibility: 'always',
    icon: IconRepeat,
  },
  {
    title: 'Vault',
    path: '/vault',
    roles: MERCHANTS,
    permission: 'Vault',
    visibility: 'always',
    icon: IconLock,
  },
  {
    title: 'Permissions',
    path: '/permissions',
    roles: ['admin', 'alpha'],
    permission: 'Permissions',
    visibility: 'always',
    icon: IconShieldLock,
  },
  {
    title: 'Sublocations',
    path: '/sublocations',
    roles: ['admin', 'alpha'],
    permission: 'Permissions',
    visibility: 'always',
    icon: IconMapPin,
  },
  {
    title: 'Users',
    path: '/users',
    roles: CLIENTS,
    permission: 'Users',
    visibility: 'always',
    icon: IconUsers,
  },
  {
    title: 'Terminals',
    path: '/terminals',
    roles: MERCHANTS,
    permission: 'Terminal Admin',
    visibility: 'always',
    icon: IconDeviceDesktop,
  },
  {
    title: 'Risk Dashboard',
    path: '/risk',
    roles: ['admin'],
    visibility: 'always',
    isAuditFlagged: true,
    icon: IconAlertTriangle,
  },
  { title: 'Rev Share', path: '/rev-share', roles: ['admin'], visibility: 'always', icon: IconShare },
];
