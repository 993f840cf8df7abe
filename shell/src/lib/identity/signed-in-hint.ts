/**
 * A one-bit note in localStorage that this browser has a signed-in user. It lets the landing
 * page of a signed-out visitor render without downloading the identity SDK; whenever the
 * hint is set, the SDK is loaded and stays the source of truth.
 */
const KEY = 'portal:signed-in';

export function hasSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage can be disabled (private mode); the SDK then loads on demand, which is only slower.
  }
}
