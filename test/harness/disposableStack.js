// Test files stop what their beforeAll started with an AsyncDisposableStack, built into Node.js from
// 24; on 22 (also within package.json's engines) the es-shims implementation stands in for it.
if (typeof AsyncDisposableStack === 'undefined') require('disposablestack/auto');
