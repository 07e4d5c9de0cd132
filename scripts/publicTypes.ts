/**
 * Which types the published declarations use that a user cannot name: a public function takes or
 * returns a type (or a public interface extends one) that no entry of `exports` exports, so a user
 * cannot write it in their own signatures. Read with TypeScript's checker from a package folder's
 * `.d.ts` files, following re-exports and namespaces. Shared by test/package.
 */
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import ts from "typescript"

/**
 * Types users never write by name, with the reason: the type of the wire schemas' values (users
 * write `typeof Users.CurrentUser`).
 */
export const allowed: ReadonlySet<string> = new Set(["Wire.encodeKeys", "encodeKeys"])

/** Every `packageDir/...d.ts` file a user reaches through `exports`' `types` conditions. */
export const publicDeclarations = (packageDir: string): ReadonlyArray<string> => {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { exports: Record<string, unknown> }
  const files = new Set<string>()
  for (const target of Object.values(pkg.exports)) {
    const types = typeof target === "object" && target !== null ? (target as { types?: unknown }).types : undefined
    if (typeof types === "string") files.add(resolve(packageDir, types))
  }
  return [...files]
}

/** `file: Name (declared in file)` for each type the public declarations use and no entry exports. */
export const unnameable = (packageDir: string): ReadonlyArray<string> => {
  const entries = publicDeclarations(packageDir)
  const program = ts.createProgram(entries, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext
  })
  const checker = program.getTypeChecker()
  const ours = (file: string) => file.startsWith(resolve(packageDir) + "/")
  const relative = (file: string) => file.slice(resolve(packageDir).length + 1)

  // every declaration a user can name: an entry's exports, through re-exports and namespaces
  const nameable = new Set<ts.Node>()
  const seen = new Set<ts.Symbol>()
  const visit = (symbol: ts.Symbol): void => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    if (seen.has(target)) return
    seen.add(target)
    for (const declaration of target.declarations ?? []) nameable.add(declaration)
    if (target.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) {
      for (const member of checker.getExportsOfModule(target)) visit(member)
    }
  }
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)
    if (module !== undefined) for (const member of checker.getExportsOfModule(module)) visit(member)
  }
  const isNameable = (declaration: ts.Node): boolean => {
    for (let node: ts.Node | undefined = declaration; node !== undefined; node = node.parent) {
      if (nameable.has(node)) return true
    }
    return false
  }

  const problems = new Set<string>()
  for (const declaration of nameable) {
    const source = declaration.getSourceFile()
    if (!ours(source.fileName)) continue
    const check = (node: ts.Node): void => {
      const name = ts.isTypeReferenceNode(node)
        ? node.typeName
        : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : undefined
      if (name !== undefined && !allowed.has(name.getText(source))) {
        let symbol = checker.getSymbolAtLocation(name)
        if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
        for (const target of symbol?.declarations ?? []) {
          if (!ours(target.getSourceFile().fileName) || ts.isTypeParameterDeclaration(target)) continue
          // tsc's own `X_base` and `type XType = typeof X.Type`, extended by the exported X of the same file
          const heritage = ts.isExpressionWithTypeArguments(node) && ts.isHeritageClause(node.parent)
          if (heritage && target.getSourceFile() === source) continue
          if (!isNameable(target)) {
            problems.add(`${relative(source.fileName)}: ${name.getText(source)} (declared in ${relative(target.getSourceFile().fileName)})`)
          }
        }
      }
      ts.forEachChild(node, check)
    }
    check(declaration)
  }
  return [...problems].sort()
}
