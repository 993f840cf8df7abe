import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every page has one top-level heading (axe `page-has-heading-one`): each page module (a
 * `*-page.tsx`, a dashboard tab inside its layout) draws its title as an h1, through `PageTitle`
 * (antd's Typography.Title), `ResultTitle` (a Result's title), an account page's `AuthCard`, the
 * dashboards' `DashboardHeader`, or the page it renders (the editor page's `ResponseEditor`).
 * The pages' own tests check the heading on screen; this one keeps a new page from forgetting it.
 */
const ROOT = path.resolve(__dirname, '../..');
const APP_DIRS = ['applicant-app/src', 'admin-app/src', 'shell/src', 'shared/src/ui'];
const H1 = /<PageTitle\b|<ResultTitle>|<AuthCard\b|<DashboardHeader\b|<h1\b/;
/** Pages whose h1 is drawn by what they render, in another module. */
const DRAWN_BY = new Map([
  ['applicant-app/src/features/editor/editor-page.tsx', 'applicant-app/src/features/editor/response-editor.tsx'],
  ['admin-app/src/features/reviewer/assessments-tab.tsx', 'admin-app/src/features/reviewer/reviewer-dashboard.tsx'],
  ['admin-app/src/features/dashboard/staff-tab.tsx', 'admin-app/src/features/dashboard/dashboard-layout.tsx'],
  ['admin-app/src/features/dashboard/applications-tab.tsx', 'admin-app/src/features/dashboard/dashboard-layout.tsx'],
  ['admin-app/src/features/dashboard/pipeline-tab.tsx', 'admin-app/src/features/dashboard/dashboard-layout.tsx'],
]);

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return /-(page|tab|not-found)\.tsx$/.test(entry.name) && !/\.test\.|^lazy-page/.test(entry.name) ? [full] : [];
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

test('every page module draws an h1', () => {
  const files = APP_DIRS.flatMap((dir) => pages(path.join(ROOT, dir))).map((file) => path.relative(ROOT, file));
  expect(files.length).toBeGreaterThan(20);
  const without = files.filter((file) => !H1.test(read(DRAWN_BY.get(file) ?? file)));
  expect(without).toEqual([]);
});

test('no page title is a second-level heading any more', () => {
  const files = APP_DIRS.flatMap((dir) => pages(path.join(ROOT, dir))).map((file) => path.relative(ROOT, file));
  const level2 = files.filter((file) => /<Typography\.Title level=\{2\} style=\{\{ margin: 0 \}\}>/.test(read(file)));
  expect(level2).toEqual([]);
});
