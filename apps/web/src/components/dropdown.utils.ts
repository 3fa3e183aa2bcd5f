export type DropdownOption = { value: string; label: string };

// Custom dropdown values are trimmed and lowercased; an empty one is no value.
export function normalizeCustomDropdownValue(raw: string): string | null {
  const normalized = raw.trim().toLowerCase();
  return normalized === '' ? null : normalized;
}

// Typed text that names an option (by label or value, ignoring case and spaces around) picks that
// option; any other text becomes a custom value.
export function dropdownValueForText(text: string, options: readonly DropdownOption[]): string | null {
  const wanted = text.trim().toLowerCase();
  const option = options.find(
    (candidate) =>
      candidate.label.trim().toLowerCase() === wanted || candidate.value.toLowerCase() === wanted,
  );
  return option ? option.value : normalizeCustomDropdownValue(text);
}

export function dropdownLabelForValue(value: string | null, options: readonly DropdownOption[]): string {
  if (value === null) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}
