import {
  ACTIVITY_EVERY_MS,
  REALTIME_PATH,
  realtimeCloseCodes,
  type RealtimeEvent,
  type RealtimeEventType,
  type RealtimeServerMessage,
} from '#shared/contract/realtime.ts';
import { isTokenValid } from '#shared/lib/jwt.ts';

import { apiClient, getAccessToken, refreshSession } from '../api-client.ts';

type EventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;
type Handler = (event: RealtimeEvent) => void;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** Reconnect delays: 1, 2, 4 … 30 s, each between half and all of it (so tabs do not return in step). */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A token that is missing or expires within 30 s is renewed before it is sent. */
function tokenIsFresh(token: string | null): token is string {
  return isTokenValid(token, Date.now() + 30_000);
}

/**
 * The tab's one WebSocket to `/api/realtime` (ADR 015): signs in with the access token in its first message,
 * reconnects with backoff after a drop, and after every reconnect tells the areas to resync what they show
 * (events sent while it was away are not replayed). A session that ends on the server (sign-out elsewhere,
 * ban, password change) closes it for good and signs the tab out through the usual 401 path.
 */
/** What counts as using the page. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private wanted = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readyOnce = false;
  private handlers = new Map<RealtimeEventType, Set<Handler>>();
  private resyncHandlers = new Set<() => void>();
  private lastActivitySent = 0;
  status: RealtimeStatus = 'idle';

  private readonly url: () => string;

  constructor(url: () => string = defaultUrl) {
    this.url = url;
  }

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    window.addEventListener('online', this.reconnectNow);
    document.addEventListener('visibilitychange', this.reconnectNow);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, this.noteActivity, { passive: true });
    void this.connect();
  }

  stop(): void {
    this.wanted = false;
    this.readyOnce = false;
    clearTimeout(this.retry);
    window.removeEventListener('online', this.reconnectNow);
    document.removeEventListener('visibilitychange', this.reconnectNow);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, this.noteActivity);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Signed out');
    this.setStatus('idle');
  }

  /** Calls `handler` for every event of `type`; returns the unsubscribe function. */
  on<T extends RealtimeEventType>(type: T, handler: (event: EventOf<T>) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const wrapped = handler as Handler;
    set.add(wrapped);
    return () => void set.delete(wrapped);
  }

  /** Called after a reconnect (or when the server says so): refetch what may have changed meanwhile. */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => void this.resyncHandlers.delete(handler);
  }

  private setStatus(status: RealtimeStatus): void {
    this.status = status;
  }

  /** The person used the page: say so (at most once a minute), which keeps them `online` (presence). */
  private noteActivity = (): void => {
    const socket = this.socket;
    if (this.status !== 'open' || !socket || Date.now() - this.lastActivitySent < ACTIVITY_EVERY_MS) return;
    this.lastActivitySent = Date.now();
    socket.send(JSON.stringify({ type: 'active' }));
  };

  private reconnectNow = (): void => {
    if (!this.wanted || this.socket || document.visibilityState === 'hidden') return;
    clearTimeout(this.retry);
    this.retry = undefined;
    void this.connect();
  };

  private schedule(): void {
    if (!this.wanted || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, reconnectDelay(this.attempt++));
  }

  private async connect(): Promise<void> {
    if (!this.wanted || this.socket) return;
    this.setStatus('connecting');
    let token = getAccessToken();
    if (!tokenIsFresh(token)) token = (await refreshSession())?.accessToken ?? null;
    if (!this.wanted || this.socket) return;
    if (!token) {
      // Not signed in (any more): the next API call takes the tab to the sign-in page.
      this.setStatus('closed');
      return;
    }
    const socket = new WebSocket(this.url());
    this.socket = socket;
    const sentToken = token;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: sentToken }));
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      if (!this.wanted) return;
      if (event.code === realtimeCloseCodes.sessionEnded) {
        // Ended on the server: this request gets a 401, the refresh fails and the tab signs out.
        this.wanted = false;
        void apiClient.get('/account/my-account').catch(() => {});
        return;
      }
      if (event.code === realtimeCloseCodes.unauthorized) {
        // A token that expired in between: renew it before the next try.
        void refreshSession().finally(() => this.schedule());
        return;
      }
      this.schedule();
    };
  }

  private receive(data: unknown): void {
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(data)) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      this.attempt = 0;
      this.setStatus('open');
      if (this.readyOnce) this.resync();
      this.readyOnce = true;
      return;
    }
    if (message.type === 'resync') {
      this.resync();
      return;
    }
    if (message.type === 'pong') return;
    for (const handler of this.handlers.get(message.type) ?? []) handler(message);
  }

  private resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }
}

function defaultUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`;
}

/** The tab's connection (started by the signed-in layout). */
export const realtime = new RealtimeClient();
