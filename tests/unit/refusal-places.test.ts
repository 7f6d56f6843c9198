/**
 * A refusal that sends the user somewhere names a place that exists: every menu path
 * ("Settings › Warehouses") in the texts of the server and the domain is a section of the menu
 * and one of its entries with a registered screen, as the English menu labels them; every screen
 * route (/apps/…) is a path registered in src/app/registry.ts.
 *
 * Texts are the string and template literals of server/**\/*.ts and domain/**\/*.ts (comments are
 * not read). server/integrations and server/sandboxes are left out: their /apps/… are the
 * providers' own addresses (Amazon's consent page), not ours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MENU } from '../../domain/permissions.js';
import { en } from '../../src/locales/en.js';
import { registeredMenuKeys, SCREENS } from '../../src/app/registry.js';

const ROOT = join(import.meta.dirname, '../..');
const SKIP = ['server/integrations/', 'server/sandboxes/'];
/** What stands in for a template's `${…}`: one path segment, never a label. */
const HOLE = '\u0000';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const path = `${dir}/${d.name}`;
    if (d.isDirectory()) return SKIP.includes(`${path}/`) ? [] : sourceFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every string and template literal of a file, with its line. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number }[] = [];
  const at = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push({ text: n.text, line: at(n) });
    else if (ts.isTemplateExpression(n))
      out.push({ text: n.head.text + n.templateSpans.map((s) => HOLE + s.literal.text).join(''), line: at(n) });
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

const label = (key: string) => (en.nav as Record<string, string>)[key];

/** The menu as a user reads it in English: section label → its registered entries' labels. */
const MENU_LABELS = new Map(
  MENU.map((s) => [label(s.key), s.entries.filter((e) => registeredMenuKeys.has(e.key)).map((e) => label(e.key))]),
);

/** What is wrong with each menu path of a text ("X › Y"), if anything. */
function menuPathProblems(text: string): string[] {
  const problems: string[] = [];
  const re = / › /g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length);
    const section = [...MENU_LABELS.keys()].filter((s) => before.endsWith(s)).sort((a, b) => b.length - a.length)[0];
    if (!section) {
      problems.push(
        `"${before
          .split(/[(:,.;]/)
          .at(-1)
          ?.trim()} › …" is no section of the menu`,
      );
      continue;
    }
    const entry = MENU_LABELS.get(section)!
      .filter((e) => after.startsWith(e))
      .sort((a, b) => b.length - a.length)[0];
    if (!entry)
      problems.push(`"${section} › ${after.split(/[)(:,.;]| (?:so|to|and|then|or|first)\b/)[0]}" is not in the menu`);
  }
  return problems;
}

const ROUTES = SCREENS.map((s) => ({
  path: s.path,
  re: new RegExp(`^${s.path.replace(/\$[A-Za-z]+/g, '[^/]+')}$`),
}));

/** The /apps/… routes a text names (up to a query, quote or space), each with whether it is registered. */
function routeProblems(text: string): string[] {
  const found = text.match(/\/apps\/[^\s?#'"`)]*/g) ?? [];
  return found
    .map((raw) => raw.replace(/[.,;:]+$/, ''))
    .filter((route) => {
      // A trailing slash is a prefix the code completes with an id: the route with one more segment.
      const candidate = (route.endsWith('/') ? `${route}1` : route).replaceAll(HOLE, '1');
      return !ROUTES.some((r) => r.re.test(candidate));
    })
    .map((route) => `${route.replaceAll(HOLE, '${…}')} is no registered route`);
}

describe('the places refusals send the user to', () => {
  it('recognises a wrong menu path and an unregistered route (the checks themselves)', () => {
    expect(menuPathProblems('Enter the address (Settings › Warehouses) so carriers know')).toEqual([]);
    expect(menuPathProblems('Set it under Settings › Fees first')).toEqual([]);
    expect(menuPathProblems('Enter it in Settings › Depots so carriers know')).toEqual([
      '"Settings › Depots" is not in the menu',
    ]);
    expect(menuPathProblems('Open Admin › Warehouses')).toEqual(['"Open Admin › …" is no section of the menu']);
    expect(routeProblems(`Open /apps/settings/warehouses?site=1`)).toEqual([]);
    expect(routeProblems(`See /apps/invoice/detail/${HOLE}.`)).toEqual([]);
    expect(routeProblems('/apps/invoice/detail/')).toEqual([]);
    expect(routeProblems('Go to /apps/settings/depots')).toEqual(['/apps/settings/depots is no registered route']);
  });

  it('the label refusal for want of a ship-from address names the warehouses screen, which is in the menu', () => {
    const warehouses = SCREENS.find((s) => s.menuKey === 'Warehouses');
    expect(warehouses?.path).toBe('/apps/settings/warehouses');
    expect(MENU_LABELS.get('Settings')).toContain('Warehouses');
    const addresses = literals('server/modules/fbm-labels/addresses.ts').map((l) => l.text);
    expect(addresses.some((t) => t.includes('Settings › Warehouses'))).toBe(true);
  });

  it('every menu path and /apps/ route in the texts of the server and the domain exists', () => {
    const files = [...sourceFiles('server'), ...sourceFiles('domain')];
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      literals(file).flatMap(({ text, line }) =>
        [...menuPathProblems(text), ...routeProblems(text)].map(
          (p) => `${relative(ROOT, join(ROOT, file))}:${line}: ${p}`,
        ),
      ),
    );
    expect(problems).toEqual([]);
  });
});
