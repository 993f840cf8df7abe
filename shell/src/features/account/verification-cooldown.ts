import { useEffect, useState } from 'react';
import { sendVerificationEmail } from '../../lib/identity/use-identity';

/**
 * At most one verification email a minute per address, from this browser: the resend button
 * waits out the minute (counting down), and signing in again unverified within it sends none.
 * The time of the last send is kept in localStorage, so a reload or a new tab counts it too.
 */
export const VERIFICATION_COOLDOWN_MS = 60_000;

const keyFor = (email: string) => `portal:verification-sent:${email.trim().toLowerCase()}`;

function lastSentAt(email: string): number | null {
  try {
    const stored = Number(window.localStorage.getItem(keyFor(email)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

/** How long until another verification email may be sent to the address (0: now). */
export function verificationCooldownLeft(email: string, now = Date.now()): number {
  const last = lastSentAt(email);
  if (last === null || last > now) return 0;
  return Math.max(0, last + VERIFICATION_COOLDOWN_MS - now);
}

/**
 * Sends the verification email (with its toasts) unless one went to the address within the
 * minute; resolves whether it sent. A failed send is not counted: the user may try again at once.
 */
export async function sendVerificationEmailOncePerMinute(email: string): Promise<boolean> {
  if (verificationCooldownLeft(email) > 0) return false;
  await sendVerificationEmail(email);
  try {
    window.localStorage.setItem(keyFor(email), String(Date.now()));
  } catch {
    // Storage disabled: the identity provider's own limit still applies.
  }
  return true;
}

/** The whole seconds left of the address's cooldown, counting down; `refresh` re-reads it after a send. */
export function useVerificationCooldown(email: string): { secondsLeft: number; refresh: () => void } {
  const [tick, setTick] = useState(0);
  const secondsLeft = Math.ceil(verificationCooldownLeft(email) / 1000);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setTick((count) => count + 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, tick]);
  return { secondsLeft, refresh: () => setTick((count) => count + 1) };
}
