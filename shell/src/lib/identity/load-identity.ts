/** The identity SDK is split out of the landing page's bundle; every caller goes through here. */
export const loadIdentity = () => import('./firebase-identity');
