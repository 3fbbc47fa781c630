// SPEC §2: both view-bundle parameters are converted to integers; missing or invalid means not found.
export function parseIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
