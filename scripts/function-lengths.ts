/**
 * Lists named functions longer than a limit (default 80 lines) under the given folders:
 * declarations, methods, and arrow or function expressions bound to a name, measured on the
 * TypeScript AST from the first to the last line. Exits 1 when one is found, so a CI step or
 * a reviewer can run `node scripts/function-lengths.ts src/pipeline src/edge`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

/** The name a function node goes by, or null for an anonymous one (a callback). */
function nameOf(node: ts.Node): string | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name)
    return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parent) {
    const parent = node.parent;
    if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText();
  }
  return null;
}

/** Named functions of one source text longer than `limit` lines. */
export function longFunctions(file: string, text: string, limit: number): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    const name = nameOf(node);
    if (name) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > limit) found.push({ file, name, line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const limit = limitAt === -1 ? 80 : Number(args.splice(limitAt, 2)[1]);
  const folders = args.length > 0 ? args : ['src/pipeline', 'src/edge'];
  const long = folders.flatMap(sources).flatMap((file) => longFunctions(file, readFileSync(file, 'utf8'), limit));
  for (const item of long.sort((a, b) => b.lines - a.lines)) console.log(`${item.lines}\t${item.file}:${item.line}\t${item.name}`);
  console.log(long.length === 0 ? `no function over ${limit} lines in ${folders.join(', ')}` : `${long.length} function(s) over ${limit} lines`);
  process.exitCode = long.length === 0 ? 0 : 1;
}
