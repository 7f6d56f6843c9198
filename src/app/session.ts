/**
 * The signed-in session, kept under the local keys of spec §9 (accessToken, refreshToken,
 * mfaUserData, activePage, activePageRoute, loginDate, userData, currentTenant). Expiry is read
 * from the token's `exp` (seconds); an expired token is removed together with the user data.
 */
import { create } from 'zustand';
import type { Tokens, UserData } from '../../domain/schemas/auth';

export const KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  mfaUserData: 'mfaUserData',
  activePage: 'activePage',
  activePageRoute: 'activePageRoute',
  loginDate: 'loginDate',
  userData: 'userData',
  currentTenant: 'currentTenant',
} as const;

/** Screens' unfinished work in sessionStorage (src/ui/session-draft) starts with this. */
export const DRAFT_PREFIX = 'dockside.draft.';

/** Every draft of the tab goes on sign-out, so the next user of a shared handheld starts clean. */
function clearDrafts(): void {
  try {
    for (const k of Object.keys(sessionStorage)) if (k.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(k);
  } catch {
    // Storage not available: there is nothing kept to clear.
  }
}

export function tokenExpiry(token: string | null): number | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export const tokenValid = (token: string | null, now = Date.now()): boolean => {
  const exp = tokenExpiry(token);
  return exp !== null && exp > now;
};

function readUser(): UserData | null {
  try {
    const raw = localStorage.getItem(KEYS.userData);
    return raw ? (JSON.parse(raw) as UserData) : null;
  } catch {
    return null;
  }
}

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  user: UserData | null;
  signIn(tokens: Tokens): void;
  updateUser(user: UserData): void;
  /** Clears every key of the session (spec §8, 401). */
  clear(): void;
}

function initial() {
  let accessToken = localStorage.getItem(KEYS.accessToken);
  const refreshToken = localStorage.getItem(KEYS.refreshToken);
  let user = readUser();
  // An expired access token with no refresh token is a finished session.
  if (accessToken && !tokenValid(accessToken) && !refreshToken) {
    for (const k of [KEYS.accessToken, KEYS.userData, KEYS.currentTenant]) localStorage.removeItem(k);
    accessToken = null;
    user = null;
  }
  return { accessToken, refreshToken, user };
}

export const useSession = create<SessionState>((set) => ({
  ...initial(),
  signIn(tokens) {
    localStorage.setItem(KEYS.accessToken, tokens.accessToken);
    localStorage.setItem(KEYS.refreshToken, tokens.refreshToken);
    localStorage.setItem(KEYS.userData, JSON.stringify(tokens.userData));
    localStorage.setItem(KEYS.currentTenant, tokens.userData.tenantKey);
    localStorage.setItem(KEYS.loginDate, new Date().toISOString());
    localStorage.removeItem(KEYS.mfaUserData);
    set({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user: tokens.userData });
  },
  updateUser(user) {
    localStorage.setItem(KEYS.userData, JSON.stringify(user));
    set({ user });
  },
  clear() {
    for (const k of [
      KEYS.accessToken,
      KEYS.refreshToken,
      KEYS.mfaUserData,
      KEYS.loginDate,
      KEYS.userData,
      KEYS.currentTenant,
    ])
      localStorage.removeItem(k);
    clearDrafts();
    set({ accessToken: null, refreshToken: null, user: null });
  },
}));

export const isSignedIn = (): boolean => {
  const s = useSession.getState();
  return !!s.user && (tokenValid(s.accessToken) || !!s.refreshToken);
};

/** The home of a role (spec §2): CompanyNewUserRole sets up its company first. */
export const homeOf = (user: UserData | null): string =>
  user?.role.roleName === 'CompanyNewUserRole' ? `/apps/account/company/${user.companyId}` : '/dashboard';
