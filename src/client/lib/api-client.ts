import type { AuthResponse } from '#shared/contract/account.ts';
import type { ApiErrorBody } from '#shared/contract/common.ts';

import { ApiError, FALLBACK_ERROR_MESSAGE } from './api-error.ts';

/** Spec §7: every request goes through this client; its base address is this constant. */
export const API_BASE_URL = '/api';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /**
   * `false`: send no Authorization header and never refresh on 401 (sign-in, registration, codes: a 401
   * there means wrong credentials, not an expired session).
   */
  auth?: boolean;
  /** `false`: send the token but do not renew it on 401 (sign-out). */
  refresh?: boolean;
  /** Hears how much of the body has been sent (0..1): uploads show progress with it. */
  onUploadProgress?: (fraction: number) => void;
  /**
   * `'text'`: the answer's body as it is (a text file to save), not parsed as JSON; `'blob'`: its bytes (a
   * PDF, an image).
   */
  responseType?: 'json' | 'text' | 'blob';
};

type SessionHandlers = {
  /** A refresh gave a new access token (already installed in the client). */
  onRefreshed?: (session: AuthResponse) => void;
  /** The session could not be renewed: the token has been cleared; the app must sign the visitor out. */
  onSessionEnded?: () => void;
};

let accessToken: string | null = null;
let handlers: SessionHandlers = {};
let refreshInFlight: Promise<AuthResponse | null> | null = null;

/** Once set, every request carries `Authorization: Bearer <token>` (spec §7). */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/** The auth store registers what happens when a session is renewed or ends. */
export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * `fetch` cannot report upload progress; XMLHttpRequest can. Same request, same Response shape, so the rest of
 * the client (errors, token renewal) does not know the difference.
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: XMLHttpRequestBodyInit | undefined },
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress(1);
      const type = xhr.getResponseHeader('content-type');
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: type ? { 'content-type': type } : {},
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const method = options.method ?? 'GET';
  const body =
    options.body === undefined
      ? undefined
      : isForm
        ? (options.body as FormData)
        : JSON.stringify(options.body);
  try {
    if (options.onUploadProgress && typeof XMLHttpRequest !== 'undefined') {
      return await sendWithProgress(
        buildUrl(path, options.query),
        { method, headers, body },
        options.signal,
        options.onUploadProgress,
      );
    }
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request stays a cancellation (TanStack Query relies on it).
    if (options.signal?.aborted) throw error;
    throw new ApiError(FALLBACK_ERROR_MESSAGE, { status: 0 });
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (!isErrorBody(body)) return new ApiError(FALLBACK_ERROR_MESSAGE, { status: response.status });
  return new ApiError(body.message, {
    status: response.status,
    code: body.code,
    issues: Array.isArray(body.issues) ? body.issues : [],
    hasServerMessage: true,
    body: body as Record<string, unknown>,
  });
}

async function parseSuccess<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (response.status === 204) return null as T;
  if (responseType === 'blob') {
    return (await response.blob().catch(() => {
      throw new ApiError(FALLBACK_ERROR_MESSAGE, { status: response.status });
    })) as T;
  }
  const text = await response.text().catch(() => {
    throw new ApiError(FALLBACK_ERROR_MESSAGE, { status: response.status });
  });
  if (responseType === 'text') return text as T;
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(FALLBACK_ERROR_MESSAGE, { status: response.status });
  }
}

async function doRefresh(): Promise<AuthResponse | null> {
  try {
    const response = await send('/account/refresh', { method: 'POST' }, null);
    if (!response.ok) return null;
    const session = await parseSuccess<AuthResponse>(response, 'json');
    if (!session || typeof session.accessToken !== 'string') return null;
    accessToken = session.accessToken;
    handlers.onRefreshed?.(session);
    return session;
  } catch {
    return null;
  }
}

/**
 * Renews the access token through the httpOnly refresh cookie. Single flight: callers that arrive while a
 * refresh runs share it. Resolves to null when the session cannot be renewed (nothing is cleared here).
 */
export function refreshSession(): Promise<AuthResponse | null> {
  if (!refreshInFlight) {
    const running = doRefresh();
    refreshInFlight = running;
    void running.finally(() => {
      if (refreshInFlight === running) refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function endSession(): void {
  accessToken = null;
  handlers.onSessionEnded?.();
}

/**
 * Sends a request to `/api<path>`. Resolves with the JSON body (null for 204); rejects with an ApiError.
 * A 401 on a request that carried a token renews the token once and retries once; if renewal fails the
 * session ends.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth !== false;
  const tokenUsed = useAuth ? accessToken : null;
  let response = await send(path, options, tokenUsed);

  if (response.status === 401 && tokenUsed && options.refresh !== false) {
    // Another request may already have renewed the token while this one was in flight.
    const renewed =
      accessToken && accessToken !== tokenUsed
        ? accessToken
        : ((await refreshSession())?.accessToken ?? null);
    if (!renewed) {
      const error = await toApiError(response);
      // Only end the session if nobody signed in again meanwhile.
      if (accessToken === tokenUsed || accessToken === null) endSession();
      throw error;
    }
    response = await send(path, options, renewed);
  }

  if (!response.ok) throw await toApiError(response);
  return parseSuccess<T>(response, options.responseType);
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** POSTs one file as multipart/form-data under `field` (uploads). */
  upload: <T>(
    path: string,
    file: Blob,
    options?: Omit<RequestOptions, 'method' | 'body'> & { field?: string },
  ) => {
    const { field = 'file', ...rest } = options ?? {};
    const form = new FormData();
    form.append(field, file);
    return apiRequest<T>(path, { ...rest, method: 'POST', body: form });
  },
};
