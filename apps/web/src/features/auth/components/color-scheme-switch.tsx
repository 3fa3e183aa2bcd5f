import { SegmentedControl, useMantineColorScheme } from '@mantine/core';
import {
  type ColorSchemePreference,
  colorSchemeLabels,
  colorSchemePreferences,
} from '@portico/contracts/auth/color-scheme';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useSaveColorScheme } from '../api/put-color-scheme';

export const ColorSchemeText = {
  Label: 'Theme',
  Failed: 'The theme could not be saved. Try again.',
} as const;

const options = colorSchemePreferences.map((value) => ({ value, label: colorSchemeLabels[value] }));

function isColorSchemePreference(value: string): value is ColorSchemePreference {
  return (colorSchemePreferences as readonly string[]).includes(value);
}

// The theme switch of the user block: the look changes at once and is kept for the user; a failed
// save puts the saved one back and says so.
export function ColorSchemeSwitch() {
  const { user } = useSignedInSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useSaveColorScheme();

  function choose(value: string) {
    if (!isColorSchemePreference(value)) return;
    setColorScheme(value);
    save.mutate(value, {
      onError: () => {
        setColorScheme(user.color_scheme);
        void showToast({ text: ColorSchemeText.Failed, type: 'danger' });
      },
    });
  }

  return (
    <SegmentedControl
      size="xs"
      fullWidth
      aria-label={ColorSchemeText.Label}
      data={options}
      value={colorScheme}
      onChange={choose}
    />
  );
}
