/** The same exports with neither Module Federation nor zod: what a monolith without schemas would carry. */
export const validEmail = (value: string): string => value.trim().toLowerCase();

export function startFederation(): null {
  return null;
}
