import { fetchRemotesManifest } from './remote-manifest';

const MANIFEST = {
  applicant: 'http://localhost:3001/remoteEntry.js',
  admin: 'http://localhost:3002/remoteEntry.js',
};

function fakeFetch(status: number, body: unknown) {
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response);
}

test('parses a manifest that names both remotes, bypassing the HTTP cache', async () => {
  const fetchImpl = fakeFetch(200, MANIFEST);

  await expect(fetchRemotesManifest('/remotes.json', fetchImpl)).resolves.toEqual(MANIFEST);
  expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
});

test('rejects when the manifest answers with an error status', async () => {
  await expect(fetchRemotesManifest('/remotes.json', fakeFetch(404, {}))).rejects.toThrow(
    'The remotes manifest answered 404',
  );
});

test('rejects a manifest that misses a remote', async () => {
  await expect(
    fetchRemotesManifest('/remotes.json', fakeFetch(200, { applicant: MANIFEST.applicant })),
  ).rejects.toThrow('The remotes manifest does not name both remotes');
});
