import { ActionIcon, AppShell, Burger, Button, Group, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { shouldShowMenu, useCurrentRouteMeta } from '../route-meta';
import { SidebarMenu } from './sidebar-menu';

export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'portico.sidebar-collapsed';
const HEADER_HEIGHT = 60;

export function ManagementLayout() {
  const [isMobileMenuOpen, mobileMenu] = useDisclosure(false);
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
  const hasMenu = shouldShowMenu(useCurrentRouteMeta(), searchParams);

  const sidebarToggleLabel = isSidebarCollapsed ? 'Show menu' : 'Hide menu';

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
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
          <Group gap="sm" wrap="nowrap">
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
          </Group>
          {/* Signing out arrives with the sign-in issue. */}
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled
            title="Signing out arrives with the sign-in issue"
          >
            Logout
          </Button>
        </Group>
      </AppShell.Header>

      {hasMenu && (
        <AppShell.Navbar p="xs">
          {/* The mobile menu covers the page: it closes once the user has picked where to go. */}
          <SidebarMenu onNavigate={mobileMenu.close} />
        </AppShell.Navbar>
      )}

      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
