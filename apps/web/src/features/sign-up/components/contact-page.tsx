import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SignUpText } from '@portico/contracts/clients/sign-up';
import { Link } from 'react-router';
import { portalEnv } from '../../../lib/portal-env';

// /contact (where a social sign-in without a Portico account lands): how to
// reach support, and the ways back in.
export function ContactPage() {
  const supportEmail = portalEnv.supportEmail;
  return (
    <Paper withBorder p="xl" maw={640} mx="auto" my="xl">
      <Stack gap="md">
        <Title order={1}>{SignUpText.ContactTitle}</Title>
        <Text>{SignUpText.ContactIntro}</Text>
        {supportEmail ? (
          <Text>
            {'E-mail support: '}
            <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
          </Text>
        ) : null}
        <Group gap="lg">
          <Anchor component={Link} to="/login">
            {SignUpText.SignIn}
          </Anchor>
          <Anchor component={Link} to="/sign-up">
            {SignUpText.Title}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
