/** Routes built from the registry: lazy screens, guards, auth pages and the error pages (spec §2). */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { refusalOf, type Refusal } from './guard';
import { AppLayout } from './layout/AppLayout';
import { KEYS, homeOf, isSignedIn, useSession } from './session';
import { SCREENS, type ScreenDef } from './registry';
import { Shell } from './Shell';
import AuthLayout from '../features/auth/AuthLayout';
import LoginPage from '../features/auth/LoginPage';

export const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';

const rootRoute = createRootRoute({
  component: () => (
    <Shell>
      <Outlet />
    </Shell>
  ),
  notFoundComponent: () => <Navigate to="/error-404" replace />,
});

/** Auth pages send a signed-in user to the home of their role. */
const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: homeOf(useSession.getState().user), replace: true });
  },
  component: AuthLayout,
});
// The sign-in page is the first screen of most visits: it ships in the entry chunk, not behind a second round trip.
const login = LoginPage;
const register = lazyRouteComponent(() => import('../features/auth/RegisterPage'));
const forgot = lazyRouteComponent(() => import('../features/auth/ForgotPasswordPage'));
const activate = lazyRouteComponent(() => import('../features/auth/ActivatePage'));
const authRoutes = [
  createRoute({ getParentRoute: () => authLayout, path: '/login', component: login }),
  createRoute({ getParentRoute: () => authLayout, path: '/login/$tenantKey', component: login }),
  createRoute({ getParentRoute: () => authLayout, path: '/register', component: register }),
  createRoute({ getParentRoute: () => authLayout, path: '/register/$tenantKey', component: register }),
  createRoute({ getParentRoute: () => authLayout, path: '/forgot-password', component: forgot }),
  createRoute({ getParentRoute: () => authLayout, path: '/forgot-password/$code', component: forgot }),
  createRoute({ getParentRoute: () => authLayout, path: '/activate-account', component: activate }),
  createRoute({ getParentRoute: () => authLayout, path: '/activate-account/$code', component: activate }),
  createRoute({ getParentRoute: () => authLayout, path: '/continueRegister/$campaignId', component: register }),
];

/** Signed-in area: a signed-out user goes to login; the last visited path is remembered. */
const ACCOUNT_SETTINGS = '/pages/account-setting';

const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) throw redirect({ to: '/login', replace: true });
    // The tenant requires two-step verification and this user has none: only the set-up opens.
    if (useSession.getState().user?.mfaSetupRequired && location.pathname !== ACCOUNT_SETTINGS)
      throw redirect({ to: ACCOUNT_SETTINGS, replace: true });
    localStorage.setItem(KEYS.activePageRoute, location.pathname);
  },
  component: AppLayout,
});

const screenRoutes = SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => appLayout,
    path: screen.path,
    staticData: { screen },
    beforeLoad: () => {
      const refusal = refusalOf(screen);
      // The refusal rides in the history entry, so the page can name the missing right (and a reload keeps it).
      if (refusal) throw redirect({ to: NOT_AUTHORIZED, replace: true, state: { refusal, screenTitle: screen.title } });
      localStorage.setItem(KEYS.activePage, screen.title);
    },
    component: lazyRouteComponent(screen.load),
  }),
);

const errorPages = lazyRouteComponent(() => import('../features/errors/ErrorPages'), 'NotFoundPage');
const notAuthorizedPage = lazyRouteComponent(() => import('../features/errors/ErrorPages'), 'NotAuthorizedPage');
const miscRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/error-404', component: errorPages }),
  createRoute({ getParentRoute: () => rootRoute, path: NOT_AUTHORIZED, component: notAuthorizedPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '/pages/not-authorized', component: notAuthorizedPage }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: isSignedIn() ? homeOf(useSession.getState().user) : '/login', replace: true });
    },
  }),
];

const routeTree = rootRoute.addChildren([
  authLayout.addChildren(authRoutes),
  appLayout.addChildren(screenRoutes),
  ...miscRoutes,
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', defaultPendingMs: 150 });

declare module '@tanstack/history' {
  interface HistoryState {
    /** Why the not-authorised page was shown: set by a screen's guard (see screenRoutes). */
    refusal?: Refusal;
    /** The i18n key of the refused screen's title. */
    screenTitle?: string;
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    screen?: ScreenDef;
  }
}
