// The import boundaries of src/ (decision 044). scripts/check-boundaries.ts runs these rules
// (`npm run lint`) and adds the imports of .astro frontmatter, which dependency-cruiser does
// not read. `npx depcruise src` runs them alone.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-imports-no-feature',
      comment: 'src/lib is what every feature uses; it sits under features, pages and the server.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(features|pages|server|layouts|components)/' },
    },
    {
      name: 'no-module-cycle',
      comment:
        'A module cycle makes load order matter; move the shared part down instead. A cycle ' +
        'with a type-only step is erased at run time and left to the feature rule.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-feature-cycle',
      comment:
        'Feature folders form a layered graph: when feature A imports feature B, nothing in B ' +
        'reaches A, directly or through other features. Move what both need to src/lib, or ' +
        'the function to the feature that owns it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/features/[^/]+$' },
      to: { path: '^src/features/[^/]+$', circular: true },
    },
  ],
  options: {
    includeOnly: '^src/',
    // Type-only imports count: a type ties the two features together as much as a value.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
