import { Center, Loader } from '@mantine/core';

// A whole page waiting for its data: the spinner in the middle of the screen.
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
