import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/client';
import { initI18n } from './app/i18n';
import { router } from './app/router';
import { useSession } from './app/session';
import './ui/theme.css';

initI18n();
setUnauthorizedHandler(() => void router.navigate({ to: '/login', replace: true }));
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// The floor engine (Dexie) loads once somebody is signed in: the sign-in page never waits for it.
const startSync = (): void => void import('./app/sync').then((m) => m.installSync());
if (useSession.getState().user) startSync();
else {
  const stop = useSession.subscribe((s) => {
    if (!s.user) return;
    stop();
    startSync();
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
