import { apiPath } from './api-path';

describe('apiPath', () => {
  it('keeps the parameters in the order given and leaves out empty ones', () => {
    expect(apiPath('/admin/forms/spring/rows', { tab: 'all', search: '', sort: 'name', cursor: null, limit: 25 })).toBe(
      '/admin/forms/spring/rows?tab=all&sort=name&limit=25',
    );
  });

  it('encodes values and answers the bare path without parameters', () => {
    expect(apiPath('/admin/users', { search: 'ada lovelace&co' })).toBe('/admin/users?search=ada+lovelace%26co');
    expect(apiPath('/admin/audit', { action: undefined })).toBe('/admin/audit');
  });
});
