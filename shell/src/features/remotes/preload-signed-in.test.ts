import { remoteOfPath } from './preload-signed-in';

test('a path belongs to the remote mounted under it, and only under it', () => {
  expect(remoteOfPath('/admin')).toBe('admin');
  expect(remoteOfPath('/admin/dor/users?x=1')).toBe('admin');
  expect(remoteOfPath('/apply/status#top')).toBe('applicant');
  expect(remoteOfPath('/apply')).toBe('applicant');
  expect(remoteOfPath('/administer')).toBeUndefined();
  expect(remoteOfPath('/profile')).toBeUndefined();
  expect(remoteOfPath('/')).toBeUndefined();
});
