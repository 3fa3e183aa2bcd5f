import { ActionIcon, AppShell, Burger, Button, Divider, Group, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { isSandboxRoute } from '@portico/contracts/tours/tours';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { Tooltip } from '../../components/tooltip';
import { WhiteLabelMark } from '../../components/white-label-mark';
import { MimicBanner } from '../../features/mimic/components/mimic-banner';
import { GlobalSearchLauncher } from '../../features/search/components/global-search-launcher';
import { StepUpDialog } from '../../features/second-factor/components/step-up-dialog';
import { TimezoneSettingsModal } from '../../features/shell/components/timezone-settings-modal';
import { useSignedInSession } from '../../lib/auth/session-context';
import { brandThemeOf } from '../brand-theme';
import { useSetTheme } from '../brand-theme-context';
import { shouldShowMenu, useCurrentRoute } from '../current-route';
import { Sidebar } from './sidebar';
import { ViewAsBanner } from './view-as-banner';

// The tour loads only when it opens.
const PortalTour = lazy(() =>
  import('../../features/tours/components/portal-tour').then((m) => ({ default: m.PortalTour })),
);

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
  const { branding, tour } = user;
  const setTheme = useSetTheme();
  const { pathname } = useLocation();
  // Opens by itself once, on the first page of the visit that is not a sandbox page.
  const [isTourOpen, setTourOpen] = useState(() => tour.starts_by_itself && !isSandboxRoute(pathname));

  // The portal wears the user's white label while signed in; leaving it (sign-out) restores Portico's.
  useEffect(() => {
    setTheme(brandThemeOf(branding));
    return () => setTheme(brandThemeOf(null));
  }, [branding, setTheme]);

  return (
    <AppShell
      header={{ height: NAVBAR_HEIGHT }}
      // A white label's colour marks the top of every page.
      styles={branding?.color ? { header: { borderBottom: `3px solid ${branding.color}` } } : undefined}
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
            <Link
              to="/home"
              aria-label={branding ? `${branding.entity_name} home` : 'Portico home'}
              onClick={mobileMenu.close}
              data-tour="brand"
            >
              {branding ? <WhiteLabelMark branding={branding} /> : <BrandLogo height={30} />}
            </Link>
            {user.parent_name && user.parent_name !== branding?.entity_name && (
              <>
                <Divider orientation="vertical" visibleFrom="sm" />
                <Text fw={600} c="dimmed" truncate="end" visibleFrom="sm" data-testid="parent-brand-name">
                  {user.parent_name}
                </Text>
              </>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap" data-tour="global-search">
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
          <Sidebar
            onNavigate={mobileMenu.close}
            onOpenSettings={settings.open}
            onStartTour={
              tour.kind
                ? () => {
                    mobileMenu.close();
                    setTourOpen(true);
                  }
                : null
            }
          />
        </AppShell.Navbar>
      )}

      <AppShell.Main bg="var(--portico-color-page)">
        {/* A mimic session and a view-as are marked on every page, each with its Stop. */}
        <MimicBanner />
        <ViewAsBanner />
        <Outlet />
      </AppShell.Main>

      <TimezoneSettingsModal isOpen={isSettingsOpen} onClose={settings.close} />
      {/* Sensitive actions the server refused for want of a recent second factor ask here. */}
      <StepUpDialog />
      {isTourOpen && tour.kind && (
        <Suspense fallback={null}>
          <PortalTour kind={tour.kind} onClose={() => setTourOpen(false)} />
        </Suspense>
      )}
    </AppShell>
  );
}
