// The module graph's rules, checked by dependency-cruiser (layers.test.ts runs it). Unlike
// import-x/no-cycle, it counts type-only imports (`tsPreCompilationDeps`), so a cycle through
// `import type` is refused too.
//
// The shared domain is in layers, each importing only the ones before it (types included):
//   ids      constants, ids and the plain types they name; no zod
//   schemas  zod schemas (the only layer that imports zod) and the types they infer
//   rules    what holds of domain data: pure functions over it
//   messages the words built from it: letters, emails
// Only schemas/ reaches zod at run time: rules and messages see a schema as a type only, so where
// a constant or a rule lives never adds a validator to a page. The applicant's pages validate
// nothing themselves (the server does): they import no schema at run time, so they need no zod.

const LAYERS = ['ids', 'schemas', 'rules', 'messages'];
const DOMAIN = '^shared/src/domain/';
const TESTS = '\\.test\\.tsx?$|/testing/';
const ZOD = '(^|/)node_modules/zod/|^shared/src/zod/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: move what both modules need to a lower module.',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.slice(0, -1).map((layer, index) => ({
      name: `domain-layer-${layer}`,
      severity: 'error',
      comment: `shared/src/domain/${layer} imports only ${LAYERS.slice(0, index + 1).join(', ')} (types included).`,
      from: { path: `${DOMAIN}${layer}/` },
      to: { path: `${DOMAIN}(${LAYERS.slice(index + 1).join('|')})/` },
    })),
    ...['from', 'to'].map((end) => ({
      name: `domain-outside-layers-${end}`,
      severity: 'error',
      comment:
        'Every domain module is in a layer folder (ids, schemas, rules, messages); besides them there is only the barrel.',
      [end]: { path: DOMAIN, pathNot: `${DOMAIN}(${LAYERS.join('|')})/|${DOMAIN}index\\.ts$` },
      [end === 'from' ? 'to' : 'from']: {},
    })),
    {
      name: 'domain-zod-only-in-schemas',
      severity: 'error',
      comment: 'Only domain/schemas imports zod or a schema at run time; elsewhere a schema is a type (import type).',
      from: { path: `${DOMAIN}(ids|rules|messages)/` },
      to: { path: `${ZOD}|${DOMAIN}schemas/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-domain-barrel-in-browser',
      severity: 'error',
      comment:
        'Browser code imports each domain module by its path (@portal/shared/domain/rules/form-rules), never the barrel.',
      from: { path: '^(shared/src|shell/src|applicant-app/src|admin-app/src)/', pathNot: DOMAIN },
      to: { path: `${DOMAIN}index\\.ts$` },
    },
    {
      name: 'applicant-without-zod',
      severity: 'error',
      comment: "The applicant's pages import no schema and no zod at run time: the server validates what they send.",
      from: { path: '^applicant-app/src/', pathNot: TESTS },
      to: { path: `${ZOD}|${DOMAIN}schemas/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'log-in-without-zod',
      severity: 'error',
      comment:
        'The log-in page, the first form of nearly every visit, checks its fields with the zod-free account rules (domain/ids/account-fields).',
      from: { path: '^shell/src/features/account/login-page\\.tsx$' },
      to: { path: `${ZOD}|${DOMAIN}schemas/|^shared/src/ui/zod-form\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: TESTS },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'default', 'types'],
    },
  },
};
