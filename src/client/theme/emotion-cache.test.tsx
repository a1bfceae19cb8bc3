import { CacheProvider, keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { getEmotionCache } from './emotion-cache.ts';

const spin = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Glass = styled.div`
  display: flex;
  align-items: center;
  user-select: none;
  backdrop-filter: blur(6px);
  transition: opacity 0.2s;
  animation: ${spin} 1s;
`;

/** The CSS text the cache inserted into the document (tests run Emotion in its text-node mode). */
function insertedCss(key: string): string {
  return [...document.querySelectorAll(`style[data-emotion^="${key}"]`)]
    .map((style) => style.textContent)
    .join('\n');
}

describe('the Emotion cache', () => {
  it('writes only the vendor prefixes supported browsers still need', () => {
    render(
      <CacheProvider value={getEmotionCache('ltr')}>
        <Glass>Header</Glass>
      </CacheProvider>,
    );
    const css = insertedCss('mui');
    // Safari: user-select is still prefixed only; backdrop-filter before Safari 18.
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(6px);backdrop-filter:blur(6px);');
    // Nothing for browsers Atrium does not support, and one copy of each keyframes rule.
    expect(css).toContain('align-items:center;');
    expect(css).not.toMatch(/-ms-|-moz-|-webkit-box|-webkit-align-items|-webkit-transition/);
    expect(css).toMatch(/@keyframes/);
    expect(css).not.toContain('@-webkit-keyframes');
  });
});
