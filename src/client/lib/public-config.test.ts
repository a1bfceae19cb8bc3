import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { publicConfigLoader } from '../features/account/api/get-public-config.ts';
import { inlinedPublicConfig, publicConfigQueryOptions } from './public-config.ts';
import { queryClient } from './query-client.ts';

function inline(text: string) {
  const script = document.createElement('script');
  script.id = 'public-config';
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('public-config')?.remove();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the public config inlined in index.html', () => {
  it('is read without a request, by the sign-in loader and by the query', async () => {
    inline('{"demo":{"email":"demo@atrium.dev"},"currency":"EUR"}');
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(publicConfigLoader()).resolves.toBeNull();
    const client = new QueryClient();
    const config = await client.fetchQuery(publicConfigQueryOptions());
    expect(config).toEqual({ demo: { email: 'demo@atrium.dev' }, currency: 'EUR' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is requested when the page has none or it does not parse', async () => {
    expect(inlinedPublicConfig()).toBeUndefined();
    inline('{"demo": ');
    expect(inlinedPublicConfig()).toBeUndefined();
    const fetchSpy = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ demo: null, currency: 'USD' }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await publicConfigLoader();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toContain('/api/config');
    expect(queryClient.getQueryData(publicConfigQueryOptions().queryKey)).toEqual({
      demo: null,
      currency: 'USD',
    });
  });
});
