import { describe, expect, it } from 'vitest';

import { filterNavByRole, navConfigDashboard, type NavConfigItem } from './nav-config-dashboard.tsx';

const allPaths = (items: NavConfigItem[]): string[] =>
  items.flatMap((item) => [item.path, ...allPaths(item.children ?? [])]);

describe('dashboard navigation', () => {
  it('lists the spec areas with their paths', () => {
    const paths = navConfigDashboard.flatMap((group) => allPaths(group.items));
    for (const path of [
      '/dashboard/app',
      '/dashboard/ecommerce',
      '/dashboard/analytics',
      '/dashboard/banking',
      '/dashboard/booking',
      '/dashboard/file',
      '/dashboard/user/profile',
      '/dashboard/user/cards',
      '/dashboard/user/list',
      '/dashboard/user/new',
      '/dashboard/user/account',
      '/dashboard/e-commerce/shop',
      '/dashboard/e-commerce/list',
      '/dashboard/e-commerce/product/new',
      '/dashboard/e-commerce/checkout',
      '/dashboard/invoice/list',
      '/dashboard/invoice/new',
      '/dashboard/blog/posts',
      '/dashboard/blog/new',
      '/dashboard/files-manager',
      '/dashboard/mail',
      '/dashboard/chat',
      '/dashboard/calendar',
      '/dashboard/kanban',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('hides items whose roles do not include the user role', () => {
    const asUser = filterNavByRole(navConfigDashboard, 'user').flatMap((group) => allPaths(group.items));
    const asAdmin = filterNavByRole(navConfigDashboard, 'admin').flatMap((group) => allPaths(group.items));
    expect(asAdmin).toContain('/dashboard/user/list');
    expect(asUser).not.toContain('/dashboard/user/list');
    expect(asUser).not.toContain('/dashboard/user/new');
    expect(asUser).toContain('/dashboard/user/profile');
  });
});
