// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { homeOf, tokenExpiry, tokenValid } from '../../src/app/session';

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

describe('session rules', () => {
  beforeEach(() => localStorage.clear());
  it('reads expiry from exp in seconds', () => {
    expect(tokenExpiry(jwt({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenValid(jwt({ exp: Math.floor(Date.now() / 1000) + 60 }))).toBe(true);
    expect(tokenValid(jwt({ exp: Math.floor(Date.now() / 1000) - 1 }))).toBe(false);
    expect(tokenValid(null)).toBe(false);
  });
  it('CompanyNewUserRole goes to my company, everyone else to the dashboard', () => {
    const base = { companyId: 7, role: { roleName: 'admin', id: 1 } };
    expect(homeOf(base as never)).toBe('/dashboard');
    expect(homeOf({ ...base, role: { roleName: 'CompanyNewUserRole', id: 2 } } as never)).toBe(
      '/apps/account/company/7',
    );
  });
});
