#!/usr/bin/env node
// Every npm script runs this first: on a Node.js outside package.json's `engines` it stops with one
// line saying which Node it found, which it needs and how to install one, before anything loads
// better-sqlite3 (whose binary for another Node ABI can crash the process without a word).
// Plain CommonJS in old syntax, so that even a very old Node can print the line.
'use strict';
var path = require('path');

var root = path.join(__dirname, '..', '..');
var range = require(path.join(root, 'package.json')).engines.node;
var satisfies;
try {
  satisfies = require(require.resolve('semver/functions/satisfies', { paths: [root] }));
} catch (error) {
  // No node_modules yet: nothing native can load either, and the script itself says what is missing.
  process.exit(0);
}

if (!satisfies(process.version, range)) {
  process.stderr.write(
    'Node.js ' + process.version + ' is not supported: this project needs Node.js ' + range +
      ' (package.json engines); install Node 24 into .runtime/node and use it with: export PATH="$(bash scripts/runtime/install-node.sh):$PATH"\n',
  );
  process.exit(1);
}
