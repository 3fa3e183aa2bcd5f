// Machine names as people read them, for the few places that show a record's own keys and codes
// (audit details, a job's result).

// 'role_id' -> 'Role', 'locationIds' -> 'Locations', 'grace_days' -> 'Grace days'.
export function keyInWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/ ids$/, 's')
    .replace(/ id$/, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// 'email_link' -> 'email link'; any other text stays as it is.
export function codeInWords(value: string): string {
  return /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(value) ? value.replace(/_/g, ' ') : value;
}
