import { isValidElement } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { dashboardPages, pathOf, publicPages } from '../../../e2e/support/a11y-pages.ts';
import { createRoutes } from './router.tsx';

/** Issue #24: the axe suite covers every page; a route added without its page here fails this test. */

/** The routes that render a page (leaves), with their full path; redirects left out. */
function pageRoutes(routes: RouteObject[], parent = ''): Array<{ route: RouteObject; path: string }> {
  return routes.flatMap((route) => {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    if (route.children?.length) return pageRoutes(route.children, path);
    if (isValidElement(route.element) && route.element.type === Navigate) return [];
    return [{ route, path: path || '/' }];
  });
}

describe('the axe suite’s pages', () => {
  const routes = createRoutes();
  const pages = [...publicPages, ...dashboardPages].map(pathOf);
  const deepest = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

  it('open every page of the route table', () => {
    const opened = new Set(pages.map(deepest));
    const missing = pageRoutes(routes)
      .filter(({ route }) => !opened.has(route))
      .map(({ path }) => path);
    expect(missing, 'add these pages to e2e/support/a11y-pages.ts').toEqual([]);
  });

  it('name each page once, signed out or signed in as it needs', () => {
    expect(new Set(pages).size).toBe(pages.length);
    for (const path of publicPages.map(pathOf)) expect(path.startsWith('/dashboard'), path).toBe(false);
    for (const path of dashboardPages.map(pathOf)) expect(path.startsWith('/dashboard'), path).toBe(true);
  });
});
