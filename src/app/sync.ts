/**
 * The app's one sync engine: started for the signed-in user (tenant + user), stopped — never
 * wiped — when they sign out. Screens read it through the hooks below; the engine itself has no
 * React (sync/). The server's Server-Sent Events poke it to pull when the tenant changed.
 */
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createSyncEngine, type SyncEngine } from '../../sync/engine';
import { createHttpSync } from '../../sync/http';
import { initialStatus, type SyncStatus } from '../../sync/status';
import { streamTicketSchema } from '../../domain/schemas/sync-wire';
import { APP_HEADER, bearer } from '../api/client';
import { postAs } from '../api/typed';
import { useSession } from './session';

interface EngineState {
  engine: SyncEngine | null;
  /** `tenantKey/userId` of the running engine. */
  owner: string | null;
}

export const useEngineStore = create<EngineState>(() => ({ engine: null, owner: null }));

let starting: Promise<void> | null = null;
let events: EventSource | null = null;

function connectEvents(engine: SyncEngine): void {
  events?.close();
  events = null;
  if (typeof EventSource === 'undefined' || !useSession.getState().accessToken) return;
  const retry = () => setTimeout(() => useEngineStore.getState().engine === engine && connectEvents(engine), 5_000);
  // The stream is opened with a one-minute, single-use ticket, never the access token: a URL
  // ends up in logs and history (server/auth/stream-tickets.ts).
  void postAs('/api/sync/events/ticket', undefined, streamTicketSchema, { quiet: true, background: true }).then(
    ({ ticket }) => {
      if (useEngineStore.getState().engine !== engine) return;
      const source = new EventSource(`/api/sync/events?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('poke', () => engine.poke());
      // EventSource reconnects by itself with the same URL, whose ticket is spent: when it gives
      // up (CLOSED), open a new stream with a new ticket (the engine's timer covers the gap).
      source.onerror = () => {
        if (source.readyState === EventSource.CONNECTING) source.close();
        if (events === source) events = null;
        retry();
      };
      events = source;
    },
    () => retry(),
  );
}

/** Start (or keep) the engine of the signed-in user; stop it when nobody is signed in. */
export function syncEngineFollowSession(): Promise<void> {
  const run = async (): Promise<void> => {
    const { user } = useSession.getState();
    const owner = user ? `${user.tenantKey}/${user.id}` : null;
    const current = useEngineStore.getState();
    if (current.owner === owner) return;
    if (current.engine) {
      events?.close();
      events = null;
      useEngineStore.setState({ engine: null, owner: null });
      await current.engine.close();
    }
    if (!user) return;
    const http = createHttpSync({
      fetch: (input, init) => fetch(input, init),
      getToken: bearer,
      headers: () => ({ app: APP_HEADER }),
    });
    const engine = await createSyncEngine({
      tenantKey: user.tenantKey,
      userId: user.id,
      transport: http.push,
      fetchChanges: http.fetchChanges,
    });
    useEngineStore.setState({ engine, owner });
    connectEvents(engine);
    void engine.pull().catch(() => undefined);
  };
  starting = (starting ?? Promise.resolve()).then(run, run);
  return starting;
}

let lastToken: string | null = null;
/** Wire the engine to the session: follow sign-in/out, and resume sending after a new token. */
export function installSync(): void {
  lastToken = useSession.getState().accessToken;
  void syncEngineFollowSession();
  useSession.subscribe((s) => {
    void syncEngineFollowSession();
    if (s.accessToken && s.accessToken !== lastToken) {
      lastToken = s.accessToken;
      const engine = useEngineStore.getState().engine;
      engine?.resumeAfterAuth();
      if (engine) connectEvents(engine);
    }
  });
  window.addEventListener('online', () => useEngineStore.getState().engine?.resumeAfterAuth());
}

export const useSyncEngine = (): SyncEngine | null => useEngineStore((s) => s.engine);

const offlineStatus = initialStatus(true);
const noop = (): (() => void) => () => undefined;

/** The engine's status (online, pending, needs attention, last sync) for the header and screens. */
export function useSyncStatus(): SyncStatus {
  const engine = useSyncEngine();
  return useSyncExternalStore(
    engine ? engine.status.subscribe : noop,
    engine ? engine.status.getSnapshot : () => offlineStatus,
  );
}
