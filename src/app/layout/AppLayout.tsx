/** The signed-in frame: header with menu and user controls; horizontal, vertical or full layout. */
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { Link, Outlet, useMatches, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useSession } from '../session';
import { useTheme, type LayoutType } from '../theme';
import { Menu } from './Menu';
import { LanguageSelect } from '../LanguageSelect';
import { mayOpen } from '../guard';
import { ScanFlash } from '../../scan/ScanFlash';

// Loaded after the shell: the indicator brings the sync engine (Dexie), which the sign-in page
// does not need.
const SyncIndicator = lazy(() => import('./SyncIndicator'));

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const theme = useTheme();
  const navigate = useNavigate();
  const matches = useMatches();
  const screen = [...matches].reverse().find((m) => m.staticData?.screen)?.staticData?.screen;
  const layout: LayoutType = screen?.layout === 'full' ? 'full' : theme.themeLayoutType;

  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // On a phone the menu folds behind one button, so the header keeps one row above the work.
  const [menuOpen, setMenuOpen] = useState(false);
  // The user menu is a <details>: it closes once one of its links has been followed; so does the phone menu.
  useEffect(() => {
    document.querySelectorAll('details.user-menu[open]').forEach((d) => d.removeAttribute('open'));
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    document.title = screen ? `${t(screen.title)} · ${t('app.name')}` : t('app.name');
    document.documentElement.dataset.layout = layout;
  }, [screen, layout, t, i18n.language]);

  // Toasts open below the header instead of over its menu (issue 38 #13): its height as a CSS variable.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--header-h', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, [user]);

  if (!user) return null;
  const signOut = async () => {
    // Unsent floor work stays on this device for this user; say so before signing out.
    const { useEngineStore } = await import('../sync');
    const pending = (await useEngineStore.getState().engine?.signOutCheck()) ?? 0;
    if (pending > 0 && !window.confirm(t('sync.signOutPending', { count: pending }))) return;
    const refreshToken = useSession.getState().refreshToken;
    if (refreshToken)
      await post('/api/logout', { refreshToken }, { quiet: true, background: true }).catch(() => undefined);
    useSession.getState().clear();
    await navigate({ to: '/login' });
  };

  return (
    <div className={`app layout-${layout}`}>
      <ScanFlash />
      <header ref={headerRef} className={`app-header${menuOpen ? ' menu-open' : ''}`}>
        <Link to="/dashboard" className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('app.name')}</span>
        </Link>
        <button
          type="button"
          className="btn menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          data-testid="menu-toggle"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {t('nav.menu')}
        </button>
        {layout !== 'vertical' && <Menu user={user} orientation="horizontal" />}
        <div className="header-tools">
          <Suspense fallback={null}>
            <SyncIndicator />
          </Suspense>
          <NotificationBell />
          <div className="header-prefs">
            <label className="sr-only" htmlFor="lang-select">
              {t('layout.language')}
            </label>
            <LanguageSelect id="lang-select" />
            <button
              type="button"
              className="btn"
              data-testid="theme-toggle"
              onClick={() => void theme.set({ themeSkin: theme.themeSkin === 'dark' ? 'light' : 'dark' }, user.id)}
            >
              {theme.themeSkin === 'dark' ? t('layout.light') : t('layout.dark')}
            </button>
            <label className="sr-only" htmlFor="layout-select">
              {t('layout.layout')}
            </label>
            <select
              id="layout-select"
              value={theme.themeLayoutType}
              onChange={(e) => void theme.set({ themeLayoutType: e.target.value as LayoutType }, user.id)}
            >
              <option value="horizontal">{t('layout.horizontal')}</option>
              <option value="vertical">{t('layout.vertical')}</option>
              <option value="full">{t('layout.full')}</option>
            </select>
          </div>
          <details className="user-menu">
            <summary className="user-chip" title={user.companyName}>
              {user.fullname}
            </summary>
            <ul className="popover">
              <li>
                <Link to="/pages/account-setting" className="menu-link">
                  {t('nav.AccountSettings')}
                </Link>
              </li>
              {/* On a phone the header's preferences live here instead (CSS shows one or the other). */}
              <li className="phone-only">
                <label className="menu-link">
                  {t('layout.language')} <LanguageSelect />
                </label>
              </li>
              <li className="phone-only">
                <button
                  type="button"
                  className="menu-link link-button"
                  onClick={() => void theme.set({ themeSkin: theme.themeSkin === 'dark' ? 'light' : 'dark' }, user.id)}
                >
                  {theme.themeSkin === 'dark' ? t('layout.light') : t('layout.dark')}
                </button>
              </li>
              <li className="phone-only">
                <button type="button" className="menu-link link-button" onClick={() => void signOut()}>
                  {t('auth.signOut')}
                </button>
              </li>
              {mayOpen({ resource: 'myCompany', action: 'read' }) && (
                <li>
                  <Link to="/apps/management/account-manager/users-list" className="menu-link" data-admin-link="users">
                    {t('nav.Users')}
                  </Link>
                </li>
              )}
              {mayOpen({ resource: 'admin', action: 'manage' }) && (
                <>
                  <li>
                    <Link to="/apps/admin/tenants" className="menu-link" data-admin-link="tenants">
                      {t('nav.Tenants')}
                    </Link>
                  </li>
                  <li>
                    <Link to="/apps/admin/swagger" className="menu-link" data-admin-link="swagger">
                      {t('nav.Swagger')}
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </details>
          <button type="button" className="btn header-signout" onClick={() => void signOut()}>
            {t('auth.signOut')}
          </button>
        </div>
      </header>
      <div className="app-body">
        {layout === 'vertical' && (
          <aside className="sidebar">
            <Menu user={user} orientation="vertical" />
          </aside>
        )}
        <main className="content" id="main">
          {screen && (
            <nav className="breadcrumb" aria-label="breadcrumb">
              {screen.breadcrumb.map((b) => (
                <span key={b}>{t(b)} › </span>
              ))}
              <span aria-current="page">{t(screen.title)}</span>
            </nav>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
