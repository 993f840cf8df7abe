import { createRemoteLoader } from './remote-loader';
import { fetchRemotesManifest } from './remote-manifest';

// One shell instance's methods, whichever test made it.
const registerRemotes = jest.fn();
const loadRemote = jest.fn();
jest.mock('@module-federation/runtime-core', () => ({
  ModuleFederation: jest.fn(() => ({ registerRemotes, loadRemote })),
  setGlobalFederationInstance: jest.fn(),
}));
jest.mock('./remote-manifest', () => ({ fetchRemotesManifest: jest.fn() }));

const MANIFEST = {
  applicant: 'https://cdn.example/applicant/remoteEntry.js',
  admin: 'https://cdn.example/admin/remoteEntry.js',
};
const ApplicantRoutes = () => null;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(fetchRemotesManifest).mockResolvedValue(MANIFEST);
  jest.mocked(loadRemote).mockResolvedValue({ default: ApplicantRoutes });
});

test('the first load registers the remote from the manifest and loads its route tree', async () => {
  const loader = createRemoteLoader('/remotes.json');

  await expect(loader.load('applicant', { retry: false })).resolves.toBe(ApplicantRoutes);

  expect(fetchRemotesManifest).toHaveBeenCalledWith('/remotes.json');
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'applicant', entry: MANIFEST.applicant }], { force: false });
  expect(loadRemote).toHaveBeenCalledWith('applicant/routes');
});

test('the federation runtime starts with the first remote, not with the page, and once', async () => {
  // A fresh module registry: the runtime module has not been imported by an earlier test.
  await jest.isolateModulesAsync(async () => {
    const runtime = await import('@module-federation/runtime-core');
    const { createRemoteLoader: createFreshLoader } = await import('./remote-loader');
    const loader = createFreshLoader('/remotes.json');
    expect(runtime.ModuleFederation).not.toHaveBeenCalled();

    await loader.load('applicant', { retry: false });
    await loader.load('admin', { retry: false });

    expect(runtime.ModuleFederation).toHaveBeenCalledTimes(1);
    expect(runtime.ModuleFederation).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' }),
    );
    // Registered where the remotes' glue and Module Federation's tools look for instances.
    expect(runtime.setGlobalFederationInstance).toHaveBeenCalledWith(
      jest.mocked(runtime.ModuleFederation).mock.results[0]!.value,
    );
    expect(jest.mocked(runtime.ModuleFederation).mock.invocationCallOrder[0]).toBeLessThan(
      registerRemotes.mock.invocationCallOrder[0]!,
    );
  });
});

test('the manifest is fetched once across loads', async () => {
  const loader = createRemoteLoader('/remotes.json');

  await loader.load('applicant', { retry: false });
  await loader.load('admin', { retry: false });

  expect(fetchRemotesManifest).toHaveBeenCalledTimes(1);
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'admin', entry: MANIFEST.admin }], { force: false });
});

test('a retry fetches the manifest again and re-registers the remote by force', async () => {
  const loader = createRemoteLoader('/remotes.json');

  await loader.load('applicant', { retry: false });
  await loader.load('applicant', { retry: true });

  expect(fetchRemotesManifest).toHaveBeenCalledTimes(2);
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'applicant', entry: MANIFEST.applicant }], { force: true });
});

test('a failed manifest is fetched again on the next load', async () => {
  jest.mocked(fetchRemotesManifest).mockRejectedValueOnce(new Error('The remotes manifest answered 503'));
  const loader = createRemoteLoader('/remotes.json');

  await expect(loader.load('applicant', { retry: false })).rejects.toThrow('answered 503');
  await expect(loader.load('applicant', { retry: false })).resolves.toBe(ApplicantRoutes);

  expect(fetchRemotesManifest).toHaveBeenCalledTimes(2);
});

test('a remote without a default export is rejected', async () => {
  jest.mocked(loadRemote).mockResolvedValue({});
  const loader = createRemoteLoader('/remotes.json');

  await expect(loader.load('admin', { retry: false })).rejects.toThrow('The admin remote exposes no route tree');
});

test('a preloaded remote is loaded once: the page gets the preload’s route tree', async () => {
  const loader = createRemoteLoader('/remotes.json');

  loader.preload('admin');
  await expect(loader.load('admin', { retry: false })).resolves.toBe(ApplicantRoutes);

  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(registerRemotes).toHaveBeenCalledTimes(1);
});

test('a preload without a remote fetches the manifest (and the runtime) and registers nothing', async () => {
  const loader = createRemoteLoader('/remotes.json');

  loader.preload();
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(fetchRemotesManifest).toHaveBeenCalledTimes(1);
  expect(registerRemotes).not.toHaveBeenCalled();
  await loader.load('applicant', { retry: false });
  expect(fetchRemotesManifest).toHaveBeenCalledTimes(1);
});

test('a failed preload is forgotten: the page’s load tries again', async () => {
  jest.mocked(loadRemote).mockRejectedValueOnce(new Error('remoteEntry.js answered 503'));
  const loader = createRemoteLoader('/remotes.json');

  loader.preload('applicant');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await expect(loader.load('applicant', { retry: false })).resolves.toBe(ApplicantRoutes);

  expect(loadRemote).toHaveBeenCalledTimes(2);
});
