import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeRoutePages } from './route-pages.ts';

const INDEX = '<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/user/accounts/assets/index-1.js"></script>\n  </head>\n  <body></body>\n</html>\n';
// A build's manifest as Vite writes it: the entry, the /auth layout, two screens, the personal page's lazy parts, the console.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_first-load-1.js'] },
  '_first-load-1.js': { file: 'assets/first-load-1.js' },
  '_kit-1.js': { file: 'assets/kit-1.js', imports: ['_first-load-1.js'] },
  'app/auth-layout.tsx': { file: 'assets/auth-layout-1.js', imports: ['_first-load-1.js', 'index.html'], dynamicImports: ['features/kyc/personal-screen.tsx', 'features/kyc/kyc-screen.tsx', 'features/extras/overview-extras.tsx'] },
  // The screen brings the KYC overview; the overview's forms load on demand (dynamic imports).
  'features/kyc/personal-screen.tsx': { file: 'assets/personal-screen-1.js', imports: ['app/auth-layout.tsx', '_kit-1.js'], dynamicImports: ['features/kyc/components/personal-info-form.tsx', 'features/kyc/components/address-form.tsx'] },
  'features/kyc/components/personal-info-form.tsx': { file: 'assets/personal-info-form-1.js' },
  'features/kyc/components/address-form.tsx': { file: 'assets/address-form-1.js' },
  'features/extras/overview-extras.tsx': { file: 'assets/overview-extras-1.js', css: ['assets/x.css'] },
  'features/kyc/kyc-screen.tsx': { file: 'assets/kyc-screen-1.js', imports: ['_kit-1.js'] },
  'features/console/console-layout.tsx': { file: 'assets/console-layout-1.js', imports: ['_first-load-1.js'] },
};

let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const hinted = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/user\/accounts\/([^"]+)">/g)].map((m) => m[1]).sort();

describe('route pages (build step)', () => {
  it("names in each route's page the chunks that route loads as it starts, and no other", () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ua-route-pages-'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(path.join(dist, 'index.html'), INDEX);

    const written = writeRoutePages(dist);
    expect(written).toEqual(expect.arrayContaining(['auth/personal', 'auth/kyc', 'console']));
    // Screens the manifest does not have get no page (the server then answers index.html).
    expect(existsSync(path.join(dist, 'routes/auth/my-data.html'))).toBe(false);

    const personal = readFileSync(path.join(dist, 'routes/auth/personal.html'), 'utf8');
    // The layout, the screen, what it imports and the extras slot its preload starts; not the entry's
    // own chunks (index.html names them), not a part loaded only on demand (the forms).
    expect(hinted(personal)).toEqual(['assets/auth-layout-1.js', 'assets/kit-1.js', 'assets/overview-extras-1.js', 'assets/personal-screen-1.js']);
    expect(personal.startsWith(INDEX.slice(0, INDEX.indexOf('  </head>')))).toBe(true);
    expect(personal).toContain('<body></body>');
    expect(hinted(readFileSync(path.join(dist, 'routes/auth/kyc.html'), 'utf8'))).toEqual(['assets/auth-layout-1.js', 'assets/kit-1.js', 'assets/kyc-screen-1.js']);
    expect(hinted(readFileSync(path.join(dist, 'routes/console.html'), 'utf8'))).toEqual(['assets/console-layout-1.js']);
  });
});
