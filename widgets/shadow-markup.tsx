export function shadowMarkup(_tag: string, _attributes: Record<string, string>): string | null {
  return null;
}
