/**
 * Every package `npm ci` installs must run on the Node version package.json promises (Node 20.19+
 * on the warehouse's servers and CI): a package whose `engines` asks for more is a warning at
 * install and, sooner or later, a crash. Optional platform binaries npm skips by themselves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('package engines', () => {
  const floor = semver.minVersion(manifest.engines.node)!.version;

  it(`every installed package accepts Node ${floor}`, () => {
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name && !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(floor, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
