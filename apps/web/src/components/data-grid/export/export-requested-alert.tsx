import { Alert, Anchor } from '@mantine/core';
import { ExportText } from '@portico/contracts/exports/exports';
import { Link } from 'react-router';

// After 'All matching rows': the export runs on the server; its file arrives on the Exports page.
export function ExportRequestedAlert({ onClose }: { onClose: () => void }) {
  return (
    <Alert color="blue" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {ExportText.Requested}{' '}
      <Anchor component={Link} to="/exports">
        Open Exports
      </Anchor>
    </Alert>
  );
}
