import './shell-skeleton.css';

import type { ThemeLayout } from '../../lib/settings/settings-config.ts';

/**
 * The dashboard's shell as grey blocks: a header, the navigation in the person's layout, and the page's
 * place. Plain markup and the static classes of shell-skeleton.css (no Emotion: nothing to compute or
 * insert), shown while the session is restored and the shell's code loads, so a dashboard page goes from
 * the blocks to its shell, in place, instead of from a centred loading mark.
 */
export function ShellSkeleton({ layout, label }: { layout: ThemeLayout; label: string }) {
  return (
    <div className="atrium-shell" data-layout={layout} role="status" aria-label={label}>
      <div className="atrium-shell__header">
        <span className="atrium-shell__mark" />
      </div>
      <div className="atrium-shell__nav">
        <span className="atrium-shell__mark" />
        {[0, 1, 2, 3, 4, 5].map((line) => (
          <span key={line} className="atrium-shell__line" />
        ))}
      </div>
      <div className="atrium-shell__main">
        <span className="atrium-shell__bar" />
        <span className="atrium-shell__bar" />
      </div>
    </div>
  );
}
