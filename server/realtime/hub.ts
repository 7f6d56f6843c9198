/**
 * Pokes for connected devices (SSE). Pokes carry no data; the device pulls. The hub watches each
 * listened-to tenant's change sequence in the database, so a poke follows only committed changes
 * and works the same when several server processes share one PostgreSQL.
 */
import type { Deps } from '../context.js';
import { headSeq } from '../sync/pull.js';

type Listener = (seq: number) => void;

export class PokeHub {
  private listeners = new Map<number, Set<Listener>>();
  private last = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: Pick<Deps, 'db'>,
    private readonly intervalMs = 400,
  ) {}

  subscribe(tenantId: number, listener: Listener): () => void {
    let set = this.listeners.get(tenantId);
    if (!set) this.listeners.set(tenantId, (set = new Set()));
    set.add(listener);
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(tenantId);
        this.last.delete(tenantId);
      }
      if (this.listeners.size === 0) this.stop();
    };
  }

  private async tick(): Promise<void> {
    for (const [tenantId, set] of this.listeners) {
      try {
        const seq = await headSeq(this.deps as Deps, tenantId);
        const prev = this.last.get(tenantId);
        this.last.set(tenantId, seq);
        if (prev !== undefined && seq > prev) for (const l of set) l(seq);
      } catch {
        // The database is closing or briefly unavailable: try again on the next tick.
      }
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
