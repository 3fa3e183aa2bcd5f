import { Image, Skeleton } from '@mantine/core';
import { useLogo } from '../api/get-logo';
import { parentLogoSource } from '../utils/shell.utils';

type ParentLogoProps = { parentName: string | null };

// The logo of the user's parent (or Portico's), at the top of the sidebar.
export function ParentLogo({ parentName }: ParentLogoProps) {
  const logo = useLogo({ enabled: true });

  if (logo.isPending) return <Skeleton h={48} w={160} radius="sm" aria-label="Loading logo" />;
  // A logo that fails to load is decoration: the sidebar goes on without it.
  if (logo.isError) return null;
  return (
    <Image
      src={parentLogoSource(logo.data)}
      alt={parentName ? `${parentName} logo` : 'Parent logo'}
      h={48}
      w="auto"
      maw="100%"
      fit="contain"
    />
  );
}
