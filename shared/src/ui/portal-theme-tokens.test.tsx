import { theme } from 'antd';
import { PORTAL_THEME } from './portal-theme';
import { PORTAL_TOKENS } from './portal-tokens';

describe('PORTAL_TOKENS', () => {
  it('holds exactly what antd computes from the portal theme, so the frame looks the same with and without antd', () => {
    const computed = theme.getDesignToken(PORTAL_THEME);
    const picked = Object.fromEntries(
      Object.keys(PORTAL_TOKENS).map((key) => [key, computed[key as keyof typeof computed]]),
    );
    expect(picked).toEqual(PORTAL_TOKENS);
  });
});
