import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTerms } from '../api/get-terms';

// /terms/{id} (an enrollment) and /terms/{id}/{enrollment_id} (an account): the merchant agreement
// of the parent, public so it opens in a new tab from the application and the staff pages.
export function TermsPage() {
  const { id = '', enrollment_id: enrollmentId } = useParams();
  const terms = useTerms(id, enrollmentId ?? null);

  if (terms.isPending) {
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Loading terms" />
      </Stack>
    );
  }
  if (terms.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>Terms and Conditions</Title>
        <Alert color="red" title="Not found">
          These terms could not be found. Check the link and try again.
        </Alert>
      </Stack>
    );
  }
  const view = terms.data;
  return (
    <Stack gap="md" component="article">
      <Title order={1}>{view.title}</Title>
      <Text c="dimmed">
        {view.parent_legal_name} · Version {view.version}
      </Text>
      {view.sections.map((section) => (
        <Stack key={section.heading} gap="xs" component="section">
          <Title order={2} size="h4">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
