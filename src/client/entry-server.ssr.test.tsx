import { describe, expect, it } from 'vitest';

import type { RenderInput } from '#shared/lib/page-render.ts';

import { isServerRendered, pageKey, readsOf, render } from './entry-server.tsx';

const publicConfig = { demo: { email: 'demo@atrium.dev' }, currency: 'USD' } as RenderInput['publicConfig'];

async function page(url: string, cookies: RenderInput['cookies'] = {}, queries?: RenderInput['queries']) {
  const rendered = await render({ url, cookies, publicConfig, queries });
  if (rendered?.kind !== 'page') throw new Error(`${url} was not rendered as a page`);
  return rendered;
}

describe('the server render of the sign-in and public pages', () => {
  it('renders only the guest and public pages', () => {
    for (const path of [
      '/auth/login',
      '/auth/register',
      '/auth/reset-password',
      '/contact-us',
      '/pricing',
      '/404',
    ])
      expect(isServerRendered(path), path).toBe(true);
    for (const path of ['/', '/dashboard', '/dashboard/app', '/auth/pending', '/files/s/abc', '/api/config'])
      expect(isServerRendered(path), path).toBe(false);
  });

  it('renders the sign-in page in English and light mode by default, with its critical CSS and the demo notice', async () => {
    const rendered = await page('/auth/login');
    expect(rendered.status).toBe(200);
    expect(rendered.htmlAttributes).toMatchObject({ lang: 'en', dir: 'ltr', 'data-theme-mode': 'light' });
    expect(rendered.head).toContain('<title>Sign in | Atrium</title>');
    expect(rendered.head).toMatch(/<style data-emotion="mui [^"]+">/);
    expect(rendered.body).toContain('Sign in to Atrium');
    expect(rendered.body).toContain('demo@atrium.dev');
    // The form posts without JavaScript: its fields have names, and it has an action.
    const form = /<form[^>]*>/.exec(rendered.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/account/login-form"');
    expect(rendered.body).toMatch(/<input[^>]+name="email"/);
    expect(rendered.body).toMatch(/<input[^>]+name="password"/);
    // Every class the page uses has its rule in the critical CSS (`mui-0`: an element with no styles).
    const classes = new Set([...rendered.body.matchAll(/\bmui-([a-z0-9]+)/g)].map((match) => match[1]));
    classes.delete('0');
    expect(classes.size).toBeGreaterThan(20);
    for (const name of classes) expect(rendered.head, name).toContain(`.mui-${name}`);
  });

  it('renders in the language and display settings of the cookies: Arabic is right to left', async () => {
    const rendered = await page('/auth/login', {
      i18nextLng: 'ar',
      themeMode: 'dark',
      themeContrast: 'bold',
    });
    expect(rendered.language).toBe('ar');
    expect(rendered.htmlAttributes).toMatchObject({ lang: 'ar-SD', dir: 'rtl', 'data-theme-mode': 'dark' });
    expect(rendered.htmlAttributes.style).toContain('color-scheme: dark');
    expect(rendered.head).toContain('<title>تسجيل الدخول | Atrium</title>');
    // The right-to-left styles (their own Emotion cache), with the left and right sides swapped.
    expect(rendered.head).toMatch(/<style data-emotion="muirtl [^"]+">/);
    expect(rendered.body).toContain('سجّل الدخول إلى Atrium');

    const french = await page('/contact-us', { i18nextLng: 'fr', themeDirection: 'rtl' });
    expect(french.htmlAttributes).toMatchObject({ lang: 'fr', dir: 'rtl' });
    expect(french.body).toContain('N’hésitez pas à nous contacter');
  });

  it('shows what the form posted without JavaScript came back with, never a text of the URL', async () => {
    const failed = await page('/auth/login?error=invalid&email=ada%40example.com', { i18nextLng: 'fr' });
    expect(failed.body).toContain('E-mail ou mot de passe incorrect');
    expect(failed.body).toMatch(/<input[^>]+name="email"[^>]+value="ada@example.com"/);

    const unknown = await page('/auth/login?error=%3Cb%3Ehacked%3C%2Fb%3E');
    expect(unknown.body).not.toContain('hacked');

    const sent = await page('/contact-us?sent=1');
    expect(sent.body).toContain('Your message has been sent.');
  });

  it('renders the registration form with the sign-up policy the server read for it', async () => {
    expect(readsOf('/auth/register?returnTo=%2Fdashboard').map((read) => read.api)).toEqual([
      '/api/workspace/signup',
    ]);
    expect(readsOf('/auth/login')).toEqual([]);
    const [read] = readsOf('/auth/register');
    const open = await page('/auth/register', {}, [
      { queryKey: read!.queryKey, data: { signup: 'open', firstAccount: false } },
    ]);
    expect(open.body).toMatch(/<input[^>]+name="firstName"/);
    expect(open.hydrationData).toContain('"signup":"open"');

    const closed = await page('/auth/register', {}, [
      { queryKey: read!.queryKey, data: { signup: 'closed', firstAccount: false } },
    ]);
    expect(closed.body).not.toMatch(/name="firstName"/);
  });

  it('keys a page by its URL, language and settings', () => {
    const key = (url: string, cookies: RenderInput['cookies']) => pageKey({ url, cookies, publicConfig });
    expect(key('/auth/login', {})).toBe(key('/auth/login', { unrelated: 'x' }));
    expect(key('/auth/login', {})).not.toBe(key('/auth/login', { i18nextLng: 'fr' }));
    expect(key('/auth/login', {})).not.toBe(key('/auth/login', { themeMode: 'dark' }));
    expect(key('/auth/login', {})).not.toBe(key('/auth/login?error=invalid', {}));
    expect(key('/dashboard/app', {})).toBeNull();
  });
});
