import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import PublishPanel from './PublishPanel.tsx';
import { ABANDONED_BUILD, type PublishStatus, publishFailure, type SiteBuild } from './publishing.ts';

// The publish panel as the server renders it on the products page, after a failed publish.

const LOG = 'astro build exited with 1:\n[ERROR] Cannot read properties of undefined';

function failed(target: SiteBuild['target'], error: string | null): PublishStatus {
  return {
    mode: target === 'local' ? 'local' : 'vercel',
    builds: [
      {
        id: 7,
        target,
        state: 'failed',
        requestedAt: '2026-11-30T14:00:00.000Z',
        startedAt: '2026-11-30T14:00:01.000Z',
        finishedAt: '2026-11-30T14:00:40.000Z',
        durationMs: 39_000,
        buildId: null,
        products: null,
        error,
        kind: 'full',
        pages: null,
      },
    ],
  };
}

function render(locale: 'en' | 'fr', status: PublishStatus) {
  return renderToStaticMarkup(
    createElement(PublishPanel, { locale, initial: status, strings: resources[locale]['catalog-admin'].publish }),
  ).replaceAll('&#x27;', "'");
}

describe('a failed publish on the products page', () => {
  it('says what went wrong in the page language; the technical log stays folded away, marked English', () => {
    const html = render('fr', failed('local', LOG));
    expect(html).toContain("La boutique n'a pas pu être construite à partir du catalogue.");
    expect(html).toContain("La boutique continue d'afficher la version précédente.");
    // The log is the build's own words: only inside the details, with its language said.
    const [outside = '', details = ''] = html.split('<details>');
    expect(outside).not.toContain('astro build');
    expect(details).toContain('<summary>Détails techniques, en anglais (pour le soutien)</summary>');
    expect(details).toContain('<pre lang="en">astro build exited with 1:');
  });

  it('tells a stopped server and a refused deployment apart, in either language', () => {
    const stopped = render('fr', failed('local', ABANDONED_BUILD));
    expect(stopped).toContain("Le serveur s'est arrêté avant la fin de cette publication");
    // Its stored reason says nothing more than that sentence: no technical details to unfold.
    expect(stopped).not.toContain('<details>');
    expect(render('en', failed('vercel', 'The deploy hook answered 500 Internal Server Error'))).toContain(
      'The hosting service did not take the new version.',
    );
    expect(publishFailure({ target: 'local', error: ABANDONED_BUILD })).toBe('abandoned');
    expect(publishFailure({ target: 'local', error: LOG })).toBe('build');
    expect(publishFailure({ target: 'vercel', error: null })).toBe('deploy');
  });
});
