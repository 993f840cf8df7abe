import jwt, { type Secret } from 'jsonwebtoken';

/**
 * No key: the tokens are unsigned. (jsonwebtoken turns any key it is given, even '', into a
 * KeyObject on every call, trying a public key first: most of a request's verification time.)
 */
const NO_KEY = null as unknown as Secret;

/** The claims the API reads from a verified id token. */
export interface IdTokenClaims {
  uid: string;
  email?: string;
  email_verified?: boolean;
  /** When the user signed in (seconds since the epoch). */
  auth_time: number;
  /** When the token expires (seconds since the epoch). */
  exp?: number;
}

/**
 * The Auth emulator's id tokens carry no signature (alg "none"). firebase-admin, told about the
 * emulator, asks it about every token; this checks one locally as firebase-admin does apart from the
 * signature: algorithm none, audience and issuer of the project, not expired, a subject, auth_time.
 * Only ever used when FIREBASE_AUTH_EMULATOR_HOST is set (production refuses to start with it).
 */
export function verifyEmulatorIdToken(token: string, projectId: string): IdTokenClaims {
  const claims = jwt.verify(token, NO_KEY, {
    algorithms: ['none'],
    audience: projectId,
    issuer: `https://securetoken.google.com/${projectId}`,
  });
  if (typeof claims !== 'object' || claims === null) throw new Error('The id token has no claims');
  const { sub, email, email_verified: emailVerified, auth_time: authTime, exp } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || sub === '' || sub.length > 128) throw new Error('The id token has no valid subject');
  if (typeof authTime !== 'number') throw new Error('The id token has no auth_time');
  return {
    uid: sub,
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof emailVerified === 'boolean' ? { email_verified: emailVerified } : {}),
    auth_time: authTime,
    ...(typeof exp === 'number' ? { exp } : {}),
  };
}
