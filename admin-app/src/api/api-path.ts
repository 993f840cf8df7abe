/**
 * A path with its query string (typed by the shared query schemas), the parameters in the order
 * given, so one query is always one path; undefined, null and '' are left out.
 */
export function apiPath(path: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean') {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
