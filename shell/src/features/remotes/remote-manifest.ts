import type { RemotesManifest } from '@portal/shared/domain/schemas/client-config';

function isManifest(value: unknown): value is RemotesManifest {
  const candidate = value as Partial<Record<string, unknown>> | null;
  return typeof candidate?.applicant === 'string' && typeof candidate.admin === 'string';
}

/** Remote entry URLs are read at run time so a remote can be redeployed without rebuilding the shell. */
export async function fetchRemotesManifest(url: string, fetchImpl: typeof fetch = fetch): Promise<RemotesManifest> {
  const response = await fetchImpl(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remotes manifest answered ${response.status}`);
  const manifest: unknown = await response.json();
  if (!isManifest(manifest)) throw new Error('The remotes manifest does not name both remotes');
  return manifest;
}
