import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { globalTestI18n, renderInApp } from '../../test/render.tsx';
import { useConsoleLayoutTitle, useConsoleTitle } from './use-console-title.ts';

const i18n = globalTestI18n({ 'user-accounts': { console: { title: 'Compliance console' } }, 'inverse-error-code': {} });

function Layout({ children }: { children?: ReactNode }) {
  useConsoleLayoutTitle();
  return <div>{children}</div>;
}
function Page({ title }: { title: string }) {
  useConsoleTitle(title);
  return <p>{title}</p>;
}

afterEach(() => cleanup());

describe('console titles', () => {
  it("a page's title wins over the layout's when both mount in one commit (the child's effect runs first)", () => {
    document.title = 'Account';
    const { rerender, unmount } = renderInApp(
      <Layout>
        <Page title="Review queue" />
      </Layout>,
      i18n,
    );
    expect(document.title).toBe('Review queue · Compliance console');
    // Another page in its place; then none: the layout's own title.
    rerender(
      <Layout>
        <Page title="Ask for information" />
      </Layout>,
    );
    expect(document.title).toBe('Ask for information · Compliance console');
    rerender(<Layout />);
    expect(document.title).toBe('Compliance console');
    // Leaving the console gives the title before it back.
    unmount();
    expect(document.title).toBe('Account');
  });
});
