import { loadLocalConfig } from './config';

describe('loadLocalConfig', () => {
  it('has defaults for a plain local start', () => {
    expect(loadLocalConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      AUTH_EMULATOR_PORT: 9099,
      PORTAL_PROJECT_ID: 'demo-portal',
      LOG_LEVEL: 'info',
    });
  });

  it('takes every setting from the environment', () => {
    const config = loadLocalConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal-data',
      AUTH_EMULATOR_PORT: '9199',
      PORTAL_PROJECT_ID: 'demo-club-portal',
      LOG_LEVEL: 'debug',
    });
    expect(config).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal-data',
      AUTH_EMULATOR_PORT: 9199,
      PORTAL_PROJECT_ID: 'demo-club-portal',
      LOG_LEVEL: 'debug',
    });
  });

  it.each(['0', '70000', 'eighty', '80.5'])('refuses the port %j, naming the setting', (port) => {
    expect(() => loadLocalConfig({ PORT: port })).toThrow(/^Invalid configuration:\n\s+PORT: /);
  });

  it('refuses a bad Auth emulator port, naming the setting', () => {
    expect(() => loadLocalConfig({ AUTH_EMULATOR_PORT: '-1' })).toThrow(/AUTH_EMULATOR_PORT: /);
  });

  it.each(['my-real-project', 'demo-', 'Demo-portal'])(
    'refuses the project id %j, which could reach a real project',
    (projectId) => {
      expect(() => loadLocalConfig({ PORTAL_PROJECT_ID: projectId })).toThrow(
        'PORTAL_PROJECT_ID: Local mode needs a demo- project id so nothing reaches a real project',
      );
    },
  );

  it('lists every bad setting at once', () => {
    expect(() => loadLocalConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT: [\s\S]*LOG_LEVEL: /);
  });
});
