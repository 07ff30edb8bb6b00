// The files the compiled processes read beside their JavaScript (tsc copies none): the ranking
// extension's C source, the dashboard's and the /docs page's browser files. Run by `npm run build`.
'use strict';
const { cpSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
for (const folder of ['src/adapters/sqlite/search/native', 'src/dashboard/public', 'src/docs/public']) {
  cpSync(join(root, folder), join(root, 'dist', folder), { recursive: true });
}
