import { describe, expect, it, vi } from 'vitest';

import { fakeToken, jsonResponse, mockFetch, testUser, type MockRoute } from '../testing/fetch-mock.ts';
import { apiClient, getAccessToken, setAccessToken, setSessionHandlers } from './api-client.ts';
import { ApiError, FALLBACK_ERROR_MESSAGE, mayHaveTakenEffect } from './api-error.ts';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('sends no Authorization header before a token is set, and a Bearer header after', async () => {
    const { fetchMock } = mockFetch([{ path: '/api/things', respond: () => jsonResponse({ ok: true }) }]);

    await apiClient.get('/things');
    setAccessToken('token-1');
    await apiClient.get('/things');

    const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
    expect(headersOf(0).has('authorization')).toBe(false);
    expect(headersOf(1).get('authorization')).toBe('Bearer token-1');
  });

  it('passes a successful JSON body through unchanged and sends JSON bodies', async () => {
    const payload = { items: [{ id: 1, name: 'x' }], total: 1 };
    const { fetchMock } = mockFetch([
      {
        method: 'POST',
        path: '/api/things',
        respond: ({ body }) => jsonResponse({ ...payload, echo: body }),
      },
    ]);

    await expect(apiClient.post('/things', { name: 'x' })).resolves.toEqual({
      ...payload,
      echo: { name: 'x' },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things');
  });

  it('reports upload progress (through XMLHttpRequest) and answers like any other request', async () => {
    setAccessToken('token-1');
    const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = {
      headers: {},
    };
    class FakeXhr {
      upload: { onprogress?: (event: ProgressEvent) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      status = 0;
      responseText = '';
      open(method: string, url: string) {
        Object.assign(sent, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      getResponseHeader() {
        return 'application/json';
      }
      abort() {}
      send(body: unknown) {
        sent.body = body;
        for (const loaded of [25, 100]) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        }
        this.status = 200;
        this.responseText = JSON.stringify({ file: { id: 'f1' } });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const file = new File(['bytes'], 'notes.pdf', { type: 'application/pdf' });

    await expect(
      apiClient.upload('/files', file, {
        query: { use: 'attachment' },
        onUploadProgress: (p) => progress.push(p),
      }),
    ).resolves.toEqual({ file: { id: 'f1' } });
    expect(progress).toEqual([0.25, 1, 1]);
    expect(sent).toMatchObject({ method: 'POST', url: '/api/files?use=attachment' });
    expect(sent.headers.authorization).toBe('Bearer token-1');
    expect(sent.body).toBeInstanceOf(FormData);
  });

  it('turns a refused upload with progress into an ApiError with the server message', async () => {
    class RefusingXhr {
      upload = {};
      onload?: () => void;
      status = 413;
      responseText = JSON.stringify({ message: 'File too large' });
      open() {}
      setRequestHeader() {}
      getResponseHeader() {
        return 'application/json';
      }
      send() {
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    const file = new File(['bytes'], 'big.zip', { type: 'application/zip' });
    await expect(apiClient.upload('/files', file, { onUploadProgress: () => {} })).rejects.toMatchObject({
      status: 413,
      message: 'File too large',
    });
  });

  it('uploads a file as multipart/form-data: FormData body, no JSON content-type, token sent', async () => {
    setAccessToken('token-1');
    const { fetchMock } = mockFetch([
      { method: 'POST', path: '/api/account/avatar', respond: () => jsonResponse({ user: testUser }) },
    ]);
    const file = new File(['png-bytes'], 'me.png', { type: 'image/png' });

    await expect(apiClient.upload('/account/avatar', file)).resolves.toEqual({ user: testUser });

    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    // The browser writes `multipart/form-data; boundary=…` itself when no content-type is set.
    expect(headers.has('content-type')).toBe(false);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(init?.body).toBeInstanceOf(FormData);
    const sent = (init?.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
  });

  it('gives a binary answer as a Blob when asked (a PDF), and a refused one still as an ApiError', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]);
    mockFetch([
      {
        path: '/api/doc',
        respond: () => new Response(bytes, { headers: { 'content-type': 'application/pdf' } }),
      },
      { path: '/api/gone', respond: () => jsonResponse({ message: 'Invoice not found' }, 404) },
    ]);
    const blob = await apiClient.get<Blob>('/doc', { responseType: 'blob' });
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    await expect(apiClient.get('/gone', { responseType: 'blob' })).rejects.toMatchObject({
      message: 'Invoice not found',
      status: 404,
    });
  });

  it('resolves a 204 answer with null', async () => {
    mockFetch([
      { method: 'POST', path: '/api/account/logout', respond: () => new Response(null, { status: 204 }) },
    ]);
    await expect(apiClient.post('/account/logout')).resolves.toBeNull();
  });

  it('rejects with the server error body as an ApiError (message, status, code, issues)', async () => {
    const body = {
      message: 'password: This password is too common; choose another',
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['password'], message: 'This password is too common; choose another' }],
    };
    mockFetch([{ method: 'POST', path: '/api/account/register', respond: () => jsonResponse(body, 400) }]);

    const error = await rejection(apiClient.post('/account/register', {}));
    expect(error.message).toBe(body.message);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual(body.issues);
    expect(error.hasServerMessage).toBe(true);
  });

  it('rejects with "Something went wrong" when the failure has no JSON body', async () => {
    mockFetch([
      { path: '/api/html', respond: () => new Response('<h1>Bad gateway</h1>', { status: 502 }) },
      { path: '/api/empty', respond: () => new Response(null, { status: 500 }) },
    ]);

    const html = await rejection(apiClient.get('/html'));
    expect(html.message).toBe(FALLBACK_ERROR_MESSAGE);
    expect(html.status).toBe(502);
    const empty = await rejection(apiClient.get('/empty'));
    expect(empty.message).toBe('Something went wrong');
    expect(empty.hasServerMessage).toBe(false);
  });

  it('rejects with "Something went wrong" on a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await rejection(apiClient.get('/anything'));
    expect(error.message).toBe('Something went wrong');
    expect(error.status).toBe(0);
  });

  it('on a 401 with a token: refreshes once, stores the new token and retries with it', async () => {
    const oldToken = fakeToken(60, 'old');
    const newToken = fakeToken(900, 'new');
    const onRefreshed = vi.fn();
    setSessionHandlers({ onRefreshed });
    setAccessToken(oldToken);
    const { calls } = mockFetch([
      {
        path: '/api/account/my-account',
        respond: ({ headers }) =>
          headers.get('authorization') === `Bearer ${newToken}`
            ? jsonResponse({ user: testUser })
            : jsonResponse({ message: 'Your session has expired' }, 401),
      },
      {
        method: 'POST',
        path: '/api/account/refresh',
        respond: () => jsonResponse({ accessToken: newToken, user: testUser }),
      },
    ]);

    await expect(apiClient.get('/account/my-account')).resolves.toEqual({ user: testUser });
    expect(calls('POST', '/api/account/refresh')).toHaveLength(1);
    expect(calls('GET', '/api/account/my-account')).toHaveLength(2);
    expect(getAccessToken()).toBe(newToken);
    expect(onRefreshed).toHaveBeenCalledWith({ accessToken: newToken, user: testUser });
    // The refresh travels on the cookie, not on the expired token.
    const refreshInit = calls('POST', '/api/account/refresh')[0]?.[1];
    expect(new Headers(refreshInit?.headers).has('authorization')).toBe(false);
    expect(refreshInit?.credentials).toBe('same-origin');
  });

  it('retries only once: a second 401 after the refresh is returned as the error', async () => {
    setAccessToken(fakeToken(60, 'old'));
    const { calls } = mockFetch([
      { path: '/api/things', respond: () => jsonResponse({ message: 'Nope' }, 401) },
      {
        method: 'POST',
        path: '/api/account/refresh',
        respond: () => jsonResponse({ accessToken: fakeToken(900, 'new'), user: testUser }),
      },
    ]);

    const error = await rejection(apiClient.get('/things'));
    expect(error.status).toBe(401);
    expect(calls('GET', '/api/things')).toHaveLength(2);
    expect(calls('POST', '/api/account/refresh')).toHaveLength(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const oldToken = fakeToken(60, 'old');
    const newToken = fakeToken(900, 'new');
    setAccessToken(oldToken);
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const routes: MockRoute[] = ['/api/a', '/api/b', '/api/c'].map((path) => ({
      path,
      respond: ({ headers }) =>
        headers.get('authorization') === `Bearer ${newToken}`
          ? jsonResponse({ path })
          : jsonResponse({ message: 'expired' }, 401),
    }));
    routes.push({
      method: 'POST',
      path: '/api/account/refresh',
      respond: async () => {
        await refreshGate;
        return jsonResponse({ accessToken: newToken, user: testUser });
      },
    });
    const { calls } = mockFetch(routes);

    const all = Promise.all([apiClient.get('/a'), apiClient.get('/b'), apiClient.get('/c')]);
    await vi.waitFor(() => expect(calls('POST', '/api/account/refresh')).toHaveLength(1));
    releaseRefresh();

    await expect(all).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls('POST', '/api/account/refresh')).toHaveLength(1);
  });

  it('signs out when the refresh fails: token cleared, session-ended handler called, original error kept', async () => {
    const onSessionEnded = vi.fn();
    setSessionHandlers({ onSessionEnded });
    setAccessToken(fakeToken(60, 'old'));
    const { calls } = mockFetch([
      { path: '/api/things', respond: () => jsonResponse({ message: 'Your session has ended' }, 401) },
      {
        method: 'POST',
        path: '/api/account/refresh',
        respond: () => jsonResponse({ message: 'Your session has ended. Please sign in again.' }, 401),
      },
    ]);

    const error = await rejection(apiClient.get('/things'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Your session has ended');
    expect(getAccessToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(calls('GET', '/api/things')).toHaveLength(1);
  });

  it('does not refresh on a 401 of a request sent without a token (wrong password)', async () => {
    const onSessionEnded = vi.fn();
    setSessionHandlers({ onSessionEnded });
    setAccessToken(fakeToken(600));
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/account/login',
        respond: ({ headers }) =>
          headers.has('authorization')
            ? jsonResponse({ message: 'unexpected header' }, 400)
            : jsonResponse({ message: 'Invalid email or password' }, 401),
      },
    ]);

    const error = await rejection(apiClient.post('/account/login', {}, { auth: false }));
    expect(error.message).toBe('Invalid email or password');
    expect(calls('POST', '/api/account/refresh')).toHaveLength(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('mayHaveTakenEffect: whether a failed request is retried under the same idempotency key', () => {
  it('is true when no answer came or the server failed, false when it refused', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/things',
        respond: () => {
          throw new TypeError('Failed to fetch');
        },
      },
      { method: 'POST', path: '/api/refused', respond: () => jsonResponse({ message: 'No' }, 409) },
      { method: 'POST', path: '/api/broken', respond: () => jsonResponse({ message: 'Down' }, 503) },
    ]);
    const failure = (path: string) =>
      apiClient.post(path, {}).then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(mayHaveTakenEffect(await failure('/things'))).toBe(true);
    expect(mayHaveTakenEffect(await failure('/broken'))).toBe(true);
    expect(mayHaveTakenEffect(await failure('/refused'))).toBe(false);
  });
});
