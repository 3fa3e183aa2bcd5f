import { ActionIcon, Anchor, Box, Divider, Group, Image, ScrollArea, Stack, Text } from '@mantine/core';
import { TourText } from '@portico/contracts/tours/tours';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Tooltip } from '../../components/tooltip';
import { ColorSchemeSwitch } from '../../features/auth/components/color-scheme-switch';
import { useMimicSession } from '../../features/mimic/api/get-mimic-session';
import { ParentLogo } from '../../features/shell/components/parent-logo';
import { shouldShowParentLogo } from '../../features/shell/utils/shell.utils';
import { useSignedInSession } from '../../lib/auth/session-context';
import { SidebarMenu } from './sidebar-menu';

type SidebarProps = {
  onNavigate: () => void;
  onOpenSettings: () => void;
  // null: the user has no portal tour.
  onStartTour: (() => void) | null;
};

// The sidebar: parent logo, menu by access, 'Logged in as' name and e-mail with the way to the
// user's own settings (sign-in and security page, time-zone dialog). Its logout
// button is left out: the navbar's Logout is on every page and width, and two controls doing one
// thing under two names confuse.
export function Sidebar({ onNavigate, onOpenSettings, onStartTour }: SidebarProps) {
  const { user } = useSignedInSession();
  // The look is the person's own choice: staff acting as them wear it but do not change it.
  const isMimicking = useMimicSession().data?.mimicking != null;

  return (
    <Stack h="100%" gap={0}>
      {user.branding?.logo_url ? (
        <Box px="sm" pt="sm" pb="xs">
          <Image
            src={user.branding.logo_url}
            alt={`${user.branding.entity_name} logo`}
            h={48}
            w="auto"
            maw="100%"
            fit="contain"
          />
        </Box>
      ) : (
        shouldShowParentLogo(user) && (
          <Box px="sm" pt="sm" pb="xs">
            <ParentLogo parentName={user.parent_name} />
          </Box>
        )
      )}
      <ScrollArea type="scroll" style={{ flex: 1 }} p="xs" data-tour="sidebar-menu">
        <SidebarMenu onNavigate={onNavigate} />
      </ScrollArea>
      <Divider />
      <Stack gap={6} p="sm" data-tour="user-block">
        <Text size="xs" c="dimmed">
          Logged in as
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Box miw={0}>
            <Text size="sm" fw={600} truncate="end">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Anchor component={Link} to="/settings" size="xs" onClick={onNavigate}>
                Sign-in and security
              </Anchor>
              <Anchor component={Link} to="/exports" size="xs" onClick={onNavigate}>
                Exports
              </Anchor>
              {onStartTour && (
                <Anchor component="button" type="button" size="xs" onClick={onStartTour}>
                  {TourText.Restart}
                </Anchor>
              )}
            </Group>
          </Box>
          <Tooltip label="User settings">
            <ActionIcon variant="subtle" color="gray" onClick={onOpenSettings} aria-label="User settings">
              <IconSettings size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {!isMimicking && <ColorSchemeSwitch />}
      </Stack>
    </Stack>
  );
}
