import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';

export function AuthLayout() {
  return (
    <Box component="main" mih="100vh" bg="var(--portico-color-page)">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="md">
          <Paper withBorder shadow="sm" radius="lg" p="xl">
            <Stack gap="lg">
              <Center>
                <BrandLogo height={44} />
              </Center>
              <Outlet />
            </Stack>
          </Paper>
          <Text c="dimmed" size="xs" ta="center">
            Portico back office · card and bank payments
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
