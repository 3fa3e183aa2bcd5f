import { ActionIcon, AppShell, Burger, Button, Divider, Group, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { Tooltip } from '../../components/tooltip';
import { MimicBanner } from '../../features/mimic/components/mimic-banner';
import { GlobalSearchLauncher } from '../../features/search/components/global-search-launcher';
import { TimezoneSettingsModal } from '../../features/shell/components/timezone-settings-modal';
import { useSignedInSession } from '../../lib/auth/session-context';
import { shouldShowMenu, useCurrentRoute } from '../current-route';
import { Sidebar } from './sidebar';
import { ViewAsBanner } from './view-as-banner';

export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'portico.sidebar-collapsed';
// The content sits 60px below the fixed navbar.
export const NAVBAR_HEIGHT = 60;

export function ManagementLayout() {
  const { user, logout } = useSignedInSession();
  const [isMobileMenuOpen, mobileMenu] = useDisclosure(false);
  const [isSettingsOpen, settings] = useDisclosure(false);
  const [isSidebarCollapsed, setSidebarCollapsed] = useLocalStorage({
    key: SIDEBAR_COLLAPSED_STORAGE_KEY,
    defaultValue: false,
    // Read before the first paint, so a collapsed sidebar does not flash open.
    getInitialValueInEffect: false,
    // Stored text is outside data: anything but 'true' means expanded.
    serialize: (collapsed) => String(collapsed),
    deserialize: (stored) => stored === 'true',
  });
  const [searchParams] = useSearchParams();
  const hasMenu = shouldShowMenu(useCurrentRoute(), searchParams);
  const sidebarToggleLabel = isSidebarCollapsed ? 'Show menu' : 'Hide menu';

  return (
    <AppShell
      header={{ height: NAVBAR_HEIGHT }}
      navbar={
        hasMenu
          ? {
              width: 260,
              breakpoint: 'sm',
              collapsed: { mobile: !isMobileMenuOpen, desktop: isSidebarCollapsed },
            }
          : undefined
      }
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {hasMenu && (
              <>
                <Burger
                  opened={isMobileMenuOpen}
                  onClick={mobileMenu.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={isMobileMenuOpen ? 'Close menu' : 'Open menu'}
                />
                <Tooltip label={sidebarToggleLabel}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    visibleFrom="sm"
                    onClick={() => setSidebarCollapsed((collapsed) => !collapsed)}
                    aria-label={sidebarToggleLabel}
                    aria-expanded={!isSidebarCollapsed}
                  >
                    {isSidebarCollapsed ? (
                      <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                    ) : (
                      <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                    )}
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            <Link to="/home" aria-label="Portico home" onClick={mobileMenu.close}>
              <BrandLogo height={30} />
            </Link>
            {user.parent_name && (
              <>
                <Divider orientation="vertical" visibleFrom="sm" />
                <Text fw={600} c="dimmed" truncate="end" visibleFrom="sm" data-testid="parent-brand-name">
                  {user.parent_name}
                </Text>
              </>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <GlobalSearchLauncher />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void logout()}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {hasMenu && (
        <AppShell.Navbar>
          {/* The mobile menu covers the page: it closes once the user has picked where to go. */}
          <Sidebar onNavigate={mobileMenu.close} onOpenSettings={settings.open} />
        </AppShell.Navbar>
      )}

      <AppShell.Main bg="gray.0">
        {/* A mimic session and a view-as are marked on every page, each with its Stop. */}
        <MimicBanner />
        <ViewAsBanner />
        <Outlet />
      </AppShell.Main>

      <TimezoneSettingsModal isOpen={isSettingsOpen} onClose={settings.close} />
    </AppShell>
  );
}
