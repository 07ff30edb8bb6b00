// The Node.js requirement is stated once, in the README, and agrees with everything that enforces
// or installs a runtime: package.json engines, the engine check `npm test` runs first, the script
// .ci/run installs Node with, and the Docker image. The lines are written here by hand: a change of
// runtime must change them on purpose.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentationFiles, readDoc, ROOT } from './markdownBlocks';

const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const REQUIREMENT = 'It needs Node.js 24 LTS, or 22 LTS from 22.15 (`engines`: `>=22.15 <25`';

describe('the Node.js requirement', () => {
  it('is stated once, in the README, with the range package.json enforces', () => {
    const readme = readDoc('README.md').replace(/\s+/g, ' ');
    expect(readme.split(REQUIREMENT)).toHaveLength(2);
    expect(JSON.parse(source('package.json')).engines).toEqual({ node: '>=22.15 <25' });
    const elsewhere = documentationFiles().filter((file) => file !== 'README.md' && /Node(?:\.js)? (?:v?\d{2}\b|\d{2}\.\d+\+)/.test(readDoc(file)));
    expect(elsewhere).toEqual([]);
  });

  it('is what the engine check, the CI install and the Docker image use', () => {
    expect(source('scripts/test/checkEngines.mjs')).toContain("name: 'Node.js 22.15+',\n    ok: () => versionAtLeast(process.version, /^v(\\d+)\\.(\\d+)/, [22, 15]),");
    expect(source('scripts/runtime/install-node.sh')).toMatch(/^version="\$\{NODE_VERSION:-24\.\d+\.\d+\}"$/m);
    expect(source('Dockerfile').match(/^FROM node:\S+/gm)).toEqual(['FROM node:24-bookworm-slim', 'FROM node:24-bookworm-slim']);
  });
});
