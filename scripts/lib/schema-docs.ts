/**
 * The doc comments of a valibot schema's fields, keyed by the field's path as a reference names
 * it (`a.b`, `a[].b`, as referenceRows): read from the TypeScript source, from an exported
 * schema through v.object / v.strictObject entries (and their `...X.entries` spreads), the first
 * argument of v.optional / v.nullable / v.nullish / v.pipe, v.array items, and the consts they
 * name (in the same file or imported from a relative path). A field's comment is the one beside
 * it in its own object: two fields of one name in different objects each keep their own.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

const OBJECTS = new Set(['object', 'strictObject', 'looseObject']);
const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exactOptional', 'undefinedable', 'pipe']);

/** One reading: the parsed files and the comments found so far. */
interface Reading {
  files: Map<string, ts.SourceFile>;
  docs: Map<string, string>;
}

/** A schema expression and the file it is written in. */
interface Located {
  expression: ts.Expression;
  source: ts.SourceFile;
}

function sourceFile(reading: Reading, file: string): ts.SourceFile {
  let source = reading.files.get(file);
  if (!source) reading.files.set(file, (source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)));
  return source;
}

/** The initializer of the const `name` of a file, following a named import from a relative path. */
function constNamed(reading: Reading, source: ts.SourceFile, name: string): Located | undefined {
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const found = statement.declarationList.declarations.find((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name);
      if (found?.initializer) return { expression: found.initializer, source };
    }
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((entry) => entry.name.text === name) : undefined;
    const from = (statement as ts.ImportDeclaration).moduleSpecifier;
    if (element && ts.isStringLiteral(from) && from.text.startsWith('.')) {
      return constNamed(reading, sourceFile(reading, resolve(dirname(source.fileName), from.text)), (element.propertyName ?? element.name).text);
    }
  }
  return undefined;
}

/** The text of the doc comment (`/** ... *\/`) right before a node, on one line; '' without one. */
function docComment(node: ts.Node, source: ts.SourceFile): string {
  const last = ts.getLeadingCommentRanges(source.text, node.pos)?.at(-1);
  const text = last ? source.text.slice(last.pos, last.end) : '';
  if (!text.startsWith('/**')) return '';
  return text
    .slice(3, -2)
    .replace(/\n\s*\*\s?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Records the doc comment of each field of an object literal under `path`, then reads each field's schema. */
function readEntries(reading: Reading, literal: ts.ObjectLiteralExpression, source: ts.SourceFile, path: string): void {
  for (const property of literal.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = property.expression;
      if (ts.isPropertyAccessExpression(spread) && spread.name.text === 'entries') readSchema(reading, { expression: spread.expression, source }, path);
      continue;
    }
    if (
      !(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) ||
      !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    )
      continue;
    const field = path ? `${path}.${property.name.text}` : property.name.text;
    const doc = docComment(property, source);
    if (doc && !reading.docs.has(field)) reading.docs.set(field, doc);
    readSchema(reading, { expression: ts.isPropertyAssignment(property) ? property.initializer : property.name, source }, field);
  }
}

/** Reads the fields of a schema expression whose own path is `path` ('' for the root). */
function readSchema(reading: Reading, { expression, source }: Located, path: string): void {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  if (ts.isIdentifier(node)) {
    const named = constNamed(reading, source, node.text);
    if (named) readSchema(reading, named, path);
    return;
  }
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.arguments.length === 0) return;
  const [first] = node.arguments;
  const call = node.expression.name.text;
  if (OBJECTS.has(call) && ts.isObjectLiteralExpression(first)) readEntries(reading, first, source, path);
  else if (WRAPPERS.has(call)) readSchema(reading, { expression: first, source }, path);
  else if (call === 'array') readSchema(reading, { expression: first, source }, `${path}[]`);
}

/** Doc comments of the fields of the schema exported as `name` from `file`, by field path. */
export function fieldDocs(file: string, name: string): Map<string, string> {
  const reading: Reading = { files: new Map(), docs: new Map() };
  const schema = constNamed(reading, sourceFile(reading, resolve(file)), name);
  if (!schema) throw new Error(`${file}: no const ${name}`);
  readSchema(reading, schema, '');
  return reading.docs;
}
