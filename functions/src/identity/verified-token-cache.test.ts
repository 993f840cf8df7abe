import { cacheVerifiedTokens } from './verified-token-cache';

interface Claims {
  uid: string;
  exp?: number;
}

/** A decoder that counts its calls and answers from a table (a missing token is refused). */
function decoderOf(table: Record<string, Claims>) {
  const calls: string[] = [];
  const decode = async (token: string): Promise<Claims> => {
    calls.push(token);
    const claims = table[token];
    if (!claims) throw new Error(`refused ${token}`);
    return claims;
  };
  return { calls, decode };
}

describe('the verified token cache', () => {
  const clock = { now: 0 };
  beforeEach(() => {
    clock.now = 1_000_000_000_000;
  });
  const now = () => clock.now;
  const expIn = (seconds: number) => clock.now / 1000 + seconds;

  it('verifies a token once and answers its claims from memory until it expires', async () => {
    const { calls, decode } = decoderOf({ a: { uid: 'u1', exp: expIn(60) } });
    const cached = cacheVerifiedTokens(decode, { now });
    for (let i = 0; i < 5; i++) await expect(cached('a')).resolves.toEqual({ uid: 'u1', exp: expIn(60) });
    expect(calls).toEqual(['a']);
  });

  it('verifies an expired token again, and passes on the refusal', async () => {
    const table: Record<string, Claims> = { a: { uid: 'u1', exp: expIn(60) } };
    const { calls, decode } = decoderOf(table);
    const cached = cacheVerifiedTokens(decode, { now });
    await cached('a');
    clock.now += 60_000;
    delete table.a; // the verifier now refuses it (expired)
    await expect(cached('a')).rejects.toThrow('refused a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('keeps neither refusals nor tokens without an expiry', async () => {
    const { calls, decode } = decoderOf({ noExp: { uid: 'u2' } });
    const cached = cacheVerifiedTokens(decode, { now });
    await expect(cached('forged')).rejects.toThrow();
    await expect(cached('forged')).rejects.toThrow();
    await cached('noExp');
    await cached('noExp');
    expect(calls).toEqual(['forged', 'forged', 'noExp', 'noExp']);
  });

  it('holds at most `max` tokens, dropping the least recently used', async () => {
    const { calls, decode } = decoderOf({
      a: { uid: 'u1', exp: expIn(60) },
      b: { uid: 'u2', exp: expIn(60) },
      c: { uid: 'u3', exp: expIn(60) },
    });
    const cached = cacheVerifiedTokens(decode, { now, max: 2 });
    await cached('a');
    await cached('b');
    await cached('c');
    await cached('c');
    await cached('b');
    await cached('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
