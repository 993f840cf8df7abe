import { pageContentSecurityPolicy, pagePolicyDirectives, parsePolicy } from './security-headers';

describe('the page content security policy', () => {
  it('locally allows only this origin, inline styles (antd) and data: images', () => {
    expect(pageContentSecurityPolicy({ mode: 'local' })).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('in production adds the remotes, Firebase Auth, App Check and reCAPTCHA, and nothing else', () => {
    const directives = pagePolicyDirectives({
      mode: 'production',
      remoteOrigins: ['https://apply.example.org', 'https://admin.example.org'],
    });
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://apply.example.org',
      'https://admin.example.org',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    // antd's stylesheets, which each remote's chunks load from its own origin.
    expect(directives['style-src']).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://apply.example.org',
      'https://admin.example.org',
    ]);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://content-firebaseappcheck.googleapis.com',
      'https://www.google.com/recaptcha/',
    ]);
    expect(directives['frame-src']).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });

  it.each(['local', 'production'] as const)('never lets inline or eval script run (%s)', (mode) => {
    const policy = parsePolicy(pageContentSecurityPolicy({ mode }));
    for (const directive of ['script-src', 'default-src']) {
      expect(policy[directive]).not.toContain("'unsafe-inline'");
      expect(policy[directive]).not.toContain("'unsafe-eval'");
      expect(policy[directive]).not.toContain('data:');
      expect(policy[directive]).not.toContain('*');
    }
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
  });
});
