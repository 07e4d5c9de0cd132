/**
 * The layout rules of the three packages, read from the source files alone (no build, no module
 * loading): every import of `packages/<pkg>/src`, the browser and Node globals the SDK names, and
 * the names each package entry exports. test/layout/Layers.test.ts runs these checks on the
 * workspace and on small planted violations, so each rule is seen to fail.
 *
 * The SDK's floors (a file may import its own folder, a lower floor, or a sibling on its floor):
 * protocol < transport < session < query, handler < api < cache < server, apps. `platform/` (the
 * only folder naming `window`, `document`, `navigator`, `location`, storage or Node modules)
 * stands on session and below, and only `apps/` and the server-only `server/` import it (besides React and users).
 */
import { builtinModules } from "node:module"
import { posix } from "node:path"
import ts from "typescript"

/** Source files by path from the repository root (`packages/sdk/src/api/Auth.ts`). */
export type Files = ReadonlyMap<string, string>

/** The SDK's floors: a file may import its own folder, a lower floor, or a sibling on its floor. */
export const floors: Readonly<Record<string, number>> = {
  protocol: 0,
  transport: 1,
  session: 2,
  query: 3,
  handler: 3,
  api: 4,
  cache: 5,
  server: 6,
  apps: 6
}

/** The folder of browser and Node specifics: stands on these floors, imported only by `apps/` and the server-only `server/`. */
export const platform = { folder: "platform", standsOn: ["protocol", "transport", "session"], importedBy: ["apps", "server"] } as const

/** Globals only `platform/` may name (as a variable, `typeof x`, or `globalThis.x`). */
export const platformGlobals: ReadonlySet<string> = new Set([
  "window",
  "document",
  "navigator",
  "location",
  "history",
  "sessionStorage",
  "localStorage",
  "process",
  "Buffer"
])

/** The workspace's packages: folder and npm name. */
export const packageNames = {
  sdk: "stack-auth-effect",
  react: "@stack-auth-effect/react",
  emulator: "@stack-auth-effect/emulator"
} as const
export type PackageKey = keyof typeof packageNames

/** Entry barrels whose export names must not repeat across the packages. */
export const barrels: ReadonlyArray<{ readonly entry: string; readonly file: string }> = [
  { entry: "stack-auth-effect", file: "packages/sdk/src/index.ts" },
  { entry: "@stack-auth-effect/react", file: "packages/react/src/index.ts" },
  { entry: "@stack-auth-effect/emulator", file: "packages/emulator/src/index.ts" },
  { entry: "@stack-auth-effect/emulator/testing", file: "packages/emulator/src/testing.ts" }
]

/** One import (or re-export, dynamic `import()`, `import("x").T` type) of a file. */
export interface Import {
  readonly from: string
  readonly specifier: string
  /** The file it names, when it is a relative path or a workspace package name. */
  readonly target: string | undefined
  /** The workspace package it names by name (`stack-auth-effect/Auth`), if any. */
  readonly packageByName: PackageKey | undefined
}

const packageOf = (path: string): PackageKey | undefined => {
  const match = /^packages\/(sdk|react|emulator)\//.exec(path)
  return match === null ? undefined : (match[1] as PackageKey)
}

/** `sdk`'s floor folder of a file (`api` for `packages/sdk/src/api/internal/X.ts`), or `undefined` for the barrel. */
export const sdkFolder = (path: string): string | undefined => {
  const match = /^packages\/sdk\/src\/([^/]+)\//.exec(path)
  return match === null ? undefined : match[1]
}

const byName = (specifier: string): { readonly pkg: PackageKey; readonly subpath: string } | undefined => {
  for (const [pkg, name] of Object.entries(packageNames) as ReadonlyArray<[PackageKey, string]>) {
    if (specifier === name) return { pkg, subpath: "." }
    if (specifier.startsWith(`${name}/`)) return { pkg, subpath: `./${specifier.slice(name.length + 1)}` }
  }
  return undefined
}

const resolveRelative = (files: Files, from: string, specifier: string): string => {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier))
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (files.has(candidate)) return candidate
  }
  return base
}

const parsed = new Map<string, { readonly text: string; readonly source: ts.SourceFile }>()
const parse = (path: string, text: string): ts.SourceFile => {
  const cached = parsed.get(path)
  if (cached !== undefined && cached.text === text) return cached.source
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  parsed.set(path, { text, source })
  return source
}

const specifierCache = new WeakMap<ts.SourceFile, ReadonlyArray<string>>()

/** Every module specifier a file names: static imports and re-exports, `import()` and `import("x")` types. */
export const specifiers = (source: ts.SourceFile): ReadonlyArray<string> => {
  const cached = specifierCache.get(source)
  if (cached !== undefined) return cached
  const found: Array<string> = []
  specifierCache.set(source, found)
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      if (ts.isStringLiteral(node.moduleReference.expression)) found.push(node.moduleReference.expression.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument !== undefined && ts.isStringLiteralLike(argument)) found.push(argument.text)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The imports of every file, resolved where they point into the workspace. */
export const imports = (files: Files): ReadonlyArray<Import> =>
  [...files].flatMap(([from, text]) =>
    specifiers(parse(from, text)).map((specifier): Import => {
      if (specifier.startsWith(".")) {
        return { from, specifier, target: resolveRelative(files, from, specifier), packageByName: undefined }
      }
      const named = byName(specifier)
      return { from, specifier, target: undefined, packageByName: named?.pkg }
    })
  )

const stripWrappers = (node: ts.Expression): ts.Expression => {
  let current = node
  while (
    ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current)
  ) current = current.expression
  return current
}

const isGlobalThis = (node: ts.Expression): boolean => {
  const inner = stripWrappers(node)
  return ts.isIdentifier(inner) && inner.text === "globalThis"
}

/** Where a file names one of {@link platformGlobals}: `name:line`. Comments and strings do not count. */
export const globalsNamed = (path: string, text: string): ReadonlyArray<string> => {
  const source = parse(path, text)
  const found: Array<string> = []
  const at = (node: ts.Node, name: string) =>
    found.push(`${name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`)
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && platformGlobals.has(node.text)) {
      const parent = node.parent
      const isMemberName = (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) ||
          ts.isMethodSignature(parent) || ts.isMethodDeclaration(parent) || ts.isGetAccessor(parent) ||
          ts.isSetAccessor(parent) || ts.isEnumMember(parent)) && parent.name === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node) ||
        ((ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) && parent.propertyName === node)
      const onGlobalThis = ts.isPropertyAccessExpression(parent) && parent.name === node && isGlobalThis(parent.expression)
      if (!isMemberName || onGlobalThis) at(node, node.text)
    } else if (
      ts.isElementAccessExpression(node) && isGlobalThis(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression) && platformGlobals.has(node.argumentExpression.text)
    ) {
      at(node, node.argumentExpression.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const nodeModules: ReadonlySet<string> = new Set(builtinModules.filter((name) => !name.startsWith("_")))

/** Whether a specifier names a Node built-in module (`node:http`, `fs`). */
export const isNodeModule = (specifier: string): boolean =>
  specifier.startsWith("node:") || nodeModules.has(specifier.split("/")[0]!)

/** Strongly connected groups of more than one node (or a node importing itself): the circles. */
export const circles = (edges: ReadonlyMap<string, ReadonlySet<string>>): ReadonlyArray<ReadonlyArray<string>> => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const found: Array<ReadonlyArray<string>> = []
  const connect = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: Array<string> = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || edges.get(node)?.has(node)) found.push(group.sort())
    }
  }
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node)
  return found
}

const graph = (pairs: ReadonlyArray<readonly [string, string]>): Map<string, Set<string>> => {
  const edges = new Map<string, Set<string>>()
  for (const [from, to] of pairs) {
    if (!edges.has(from)) edges.set(from, new Set())
    if (!edges.has(to)) edges.set(to, new Set())
    edges.get(from)!.add(to)
  }
  return edges
}

const isInternal = (path: string): boolean => /(^|\/)internal(\/|$)/.test(path)

/** Every broken import rule, one sentence each. */
export const importViolations = (files: Files): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const all = imports(files)
  for (const { from, packageByName, specifier, target } of all) {
    const own = packageOf(from)
    if (own === undefined) continue
    const where = `${from} imports "${specifier}"`
    if (packageByName !== undefined) {
      if (packageByName === own) problems.push(`${where}: its own package by name (use a relative path)`)
      if (own === "sdk") problems.push(`${where}: the SDK must not know the ${packageByName} package`)
      if (isInternal(specifier)) problems.push(`${where}: another package's internal/ module`)
      continue
    }
    if (target === undefined) {
      if (own === "sdk" && isNodeModule(specifier) && sdkFolder(from) !== platform.folder) {
        problems.push(`${where}: a Node module outside platform/`)
      }
      continue
    }
    const targetPackage = packageOf(target)
    if (!target.startsWith(`packages/${own}/src/`)) {
      const outside = targetPackage === undefined ? target.split("/")[0] : `packages/${targetPackage}`
      problems.push(
        targetPackage === undefined || targetPackage === own
          ? `${where}: ${outside}/ is outside the package's src/`
          : `${where}: a relative path into ${outside} (import ${packageNames[targetPackage]} by name)` +
            (isInternal(target) ? ", and its internal/ module" : "")
      )
      continue
    }
    if (own !== "sdk") continue
    const a = sdkFolder(from)
    const b = sdkFolder(target)
    if (a === undefined || b === undefined || a === b) continue
    if (b === platform.folder) {
      if (!(platform.importedBy as ReadonlyArray<string>).includes(a)) problems.push(`${where}: only apps/ and server/ import platform/`)
    } else if (a === platform.folder) {
      if (!(platform.standsOn as ReadonlyArray<string>).includes(b)) problems.push(`${where}: platform/ stands on session/ and below`)
    } else if (floors[a] === undefined || floors[b] === undefined) {
      problems.push(`${where}: ${floors[a] === undefined ? a : b}/ is on no floor (add it to test/layout/layout.ts)`)
    } else if (floors[b]! > floors[a]!) {
      problems.push(`${where}: an upward import (${a}/ is below ${b}/)`)
    }
  }
  const local = all.filter((i) => i.target !== undefined && files.has(i.target) && packageOf(i.from) !== undefined)
  for (const group of circles(graph(local.map((i) => [i.from, i.target!] as const)))) {
    problems.push(`a circle between files: ${group.join(", ")}`)
  }
  const folderPairs = local
    .filter((i) => packageOf(i.from) === "sdk" && packageOf(i.target!) === "sdk")
    .flatMap((i) => {
      const a = sdkFolder(i.from)
      const b = sdkFolder(i.target!)
      return a === undefined || b === undefined || a === b ? [] : [[a, b] as const]
    })
  for (const group of circles(graph(folderPairs))) problems.push(`a circle between SDK folders: ${group.join(", ")}`)
  return problems
}

/** Every SDK file outside `platform/` that names a browser or Node global. */
export const globalViolations = (files: Files): ReadonlyArray<string> =>
  [...files]
    .filter(([path]) => packageOf(path) === "sdk" && sdkFolder(path) !== platform.folder)
    .flatMap(([path, text]) => globalsNamed(path, text).map((at) => `${path} names ${at} (only platform/ may)`))

/** What an exported name stands for: the declaring file and its name there, or a module namespace. */
type Origin = string

/** The names a module exports, each with its origin (`export *` and re-exports followed). */
export const exportedNames = (files: Files, path: string, seen: ReadonlySet<string> = new Set()): ReadonlyMap<string, Origin> => {
  const names = new Map<string, Origin>()
  const text = files.get(path)
  if (text === undefined || seen.has(path)) return names
  const inner = new Set([...seen, path])
  const source = parse(path, text)
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)
        ? resolveRelative(files, path, statement.moduleSpecifier.text)
        : undefined
      const clause = statement.exportClause
      if (clause === undefined) {
        if (target !== undefined) for (const [name, origin] of exportedNames(files, target, inner)) names.set(name, origin)
      } else if (ts.isNamespaceExport(clause)) {
        names.set(clause.name.text, `namespace ${target ?? "?"}`)
      } else {
        for (const element of clause.elements) {
          const local = (element.propertyName ?? element.name).text
          const origin = target === undefined ? `${path}#${local}` : exportedNames(files, target, inner).get(local) ?? `${target}#${local}`
          names.set(element.name.text, origin)
        }
      }
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.set(declaration.name.text, `${path}#${declaration.name.text}`)
      }
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) &&
      isExported(statement) && statement.name !== undefined && ts.isIdentifier(statement.name)
    ) {
      names.set(statement.name.text, `${path}#${statement.name.text}`)
    }
  }
  return names
}

/** Names exported by more than one entry for different things. */
export const nameCollisions = (files: Files, entries: typeof barrels = barrels): ReadonlyArray<string> => {
  const owners = new Map<string, Array<{ readonly entry: string; readonly origin: Origin }>>()
  for (const { entry, file } of entries) {
    for (const [name, origin] of exportedNames(files, file)) {
      if (!owners.has(name)) owners.set(name, [])
      owners.get(name)!.push({ entry, origin })
    }
  }
  return [...owners]
    .filter(([, list]) => new Set(list.map((o) => o.origin)).size > 1)
    .map(([name, list]) => `${name} is exported by ${list.map((o) => `${o.entry} (${o.origin})`).join(" and ")}`)
}

const stem = (path: string): string => posix.basename(path).replace(/\.tsx?$/, "").toLowerCase()

/** React and emulator files named like an SDK file (barrels `index` and `testing` aside). */
export const fileNameCollisions = (files: Files): ReadonlyArray<string> => {
  const sdk = new Map<string, string>()
  for (const path of files.keys()) if (packageOf(path) === "sdk") sdk.set(stem(path), path)
  return [...files.keys()]
    .filter((path) => (packageOf(path) === "react" || packageOf(path) === "emulator") && /\.tsx?$/.test(path))
    .filter((path) => !["index", "testing"].includes(stem(path)) && sdk.has(stem(path)))
    .map((path) => `${path} has the name of ${sdk.get(stem(path))}`)
}
