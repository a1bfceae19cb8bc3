import { describe, expect, it } from 'vitest';

import { completeLayout, dashboardWidgets, layoutProblem } from './overview-layouts.ts';

describe('dashboard layouts', () => {
  it('accepts known widgets once each, in any order, some left out', () => {
    expect(layoutProblem('app', [])).toBeNull();
    expect(
      layoutProblem('app', [
        { id: 'messages', hidden: true },
        { id: 'welcome', hidden: false },
      ]),
    ).toBeNull();
    expect(layoutProblem('app', [{ id: 'income', hidden: false }])).toBe('validation.widgetUnknown');
    expect(
      layoutProblem('file', [
        { id: 'folders', hidden: false },
        { id: 'folders', hidden: true },
      ]),
    ).toBe('validation.widgetRepeated');
  });

  it('completes a saved layout: its known widgets first, then the rest visible, unknown ones dropped', () => {
    const layout = completeLayout('file', [
      { id: 'recent-files', hidden: true },
      { id: 'retired-widget', hidden: true },
      { id: 'recent-files', hidden: false },
      { id: 'storage', hidden: false },
    ]);
    expect(layout).toEqual([
      { id: 'recent-files', hidden: true },
      { id: 'storage', hidden: false },
      { id: 'upload', hidden: false },
      { id: 'locations', hidden: false },
      { id: 'data-activity', hidden: false },
      { id: 'folders', hidden: false },
    ]);
    expect(completeLayout('booking').map((w) => w.id)).toEqual(dashboardWidgets.booking);
  });
});
