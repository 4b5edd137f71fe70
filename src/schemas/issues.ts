/**
 * Validation problems in words (one owner): what is wrong with a field of a tenant config file
 * (site.json, models.json and the other optional files, feed-mapping.json, lead-delivery.json),
 * of a stock record or with an environment variable: 'required field is missing', 'unknown
 * field "timezon": did you mean "timezone"? (see docs/site-json.md)', 'must be at most 6, got
 * 7'. A schema's own message is kept; valibot's default text ('Invalid key: Expected never but
 * received ...') and a regex never reach the operator.
 */
import * as v from 'valibot';
import { isValibotWording } from './forms/fields.ts';
import { closestName } from './spelling.ts';

type Issue = v.BaseIssue<unknown>;

/** What the wording of a file's problems may draw on besides the issue. */
export interface IssueWording {
  /** The schema the data was checked with: its fields are offered for a misspelt one. */
  schema?: v.GenericSchema;
  /** The reference of the file's fields, named after an unknown field, e.g. 'docs/site-json.md'. */
  docs?: string;
  /** false: no message repeats the value (' (got "8:30am")'): the environment's variables, some of them secrets. */
  showValue?: boolean;
}

/** valibot's own text ('Invalid type: Expected ... but received ...'), which a schema's message replaces. */
const isDefaultMessage = (issue: Issue) => isValibotWording(issue.message);

/** A person-readable message for one issue: the schema's own message, else the problem in words. */
export function issueMessage(issue: Issue, wording: IssueWording = {}): string {
  const last = issue.path?.at(-1);
  if (last?.origin === 'key' && issue.expected === 'never') return unknownField(issue, wording);
  if (issue.kind === 'schema' && issue.received === 'undefined' && last?.type === 'object') return 'required field is missing';
  const show = wording.showValue !== false;
  if (!isDefaultMessage(issue)) return show ? withGiven(issue, issue.message) : issue.message;
  // A union whose branches stopped at the value itself: their own messages, else the types it takes.
  const own = [...new Set((issue.issues ?? []).filter((branch) => !isDefaultMessage(branch)).map((branch) => branch.message))];
  if (own.length > 0) return show ? withGiven(issue, own.join('; or ')) : own.join('; or ');
  return issue.kind === 'schema' ? typeInWords(issue, show) : checkInWords(issue, show);
}

/**
 * One line per problem of a failed parse, `field <path>: <message>`; `where` adds to the path
 * (site.json names the location). A union's branches are reported when they reach into the
 * value, else the union itself (issueMessage words it); repeats dropped.
 */
export function issueLines(issues: readonly Issue[], wording: IssueWording & { where?: (issue: Issue) => string } = {}): string[] {
  const lines = leaves(issues).map((issue) => `field ${v.getDotPath(issue) ?? '(root)'}${wording.where?.(issue) ?? ''}: ${issueMessage(issue, wording)}`);
  return [...new Set(lines)];
}

function leaves(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (!issue.issues?.length || !isDefaultMessage(issue)) return [issue];
    // Each branch checked the union's value alone: its path starts there, so the union's path leads it.
    const depth = issue.path?.length ?? 0;
    const branches = issue.issues.map((branch) => ({ ...branch, path: [...(issue.path ?? []), ...(branch.path ?? [])] as Issue['path'] }));
    // The branches that reached into the value (the value was of their type); the others only say it was not of theirs.
    const inside = branches.filter((branch) => (branch.path?.length ?? 0) > depth);
    return inside.length > 0 ? leaves(inside) : [issue];
  });
}

function unknownField(issue: Issue, { schema, docs }: IssueWording): string {
  const path = issue.path ?? [];
  const name = String(path.at(-1)?.key);
  const present = Object.keys((path.at(-1)?.input as object | undefined) ?? {});
  const known = schema ? fieldsAt(schema as unknown as SchemaShape, path).filter((field) => !present.includes(field)) : [];
  const meant = closestName(name, known);
  return `unknown field ${JSON.stringify(name)}${meant ? `: did you mean ${JSON.stringify(meant)}?` : ''}${docs ? ` (see ${docs})` : ''}`;
}

/** What a schema is made of, as far as finding an object's fields along an issue's path needs. */
interface SchemaShape {
  type: string;
  wrapped?: SchemaShape;
  options?: SchemaShape[];
  entries?: Record<string, SchemaShape>;
  item?: SchemaShape;
  items?: SchemaShape[];
  value?: SchemaShape;
  rest?: SchemaShape;
  getter?: (input: unknown) => SchemaShape;
}

/** The fields the schema knows for the object at the end of `path` (the step into the unknown field). */
function fieldsAt(schema: SchemaShape, path: readonly v.IssuePathItem[]): string[] {
  const [step, ...rest] = path;
  if (!step) return [];
  const shapes = shapesOf(schema, step.input);
  if (rest.length === 0) return shapes.flatMap((shape) => Object.keys(shape.entries ?? {}));
  return shapes.flatMap((shape) => {
    const child = childOf(shape, step.key);
    return child ? fieldsAt(child, rest) : [];
  });
}

/** The schemas a value may be checked with: optional and lazy unwrapped, each branch of a union. */
function shapesOf(schema: SchemaShape, input: unknown): SchemaShape[] {
  if (schema.getter) return shapesOf(schema.getter(input), input);
  if (schema.wrapped) return shapesOf(schema.wrapped, input);
  if (['union', 'variant', 'intersect'].includes(schema.type)) return (schema.options ?? []).flatMap((option) => shapesOf(option, input));
  return [schema];
}

function childOf(shape: SchemaShape, key: unknown): SchemaShape | undefined {
  if (shape.entries) return shape.entries[String(key)] ?? shape.rest;
  if (shape.item) return shape.item;
  if (shape.items) return shape.items[Number(key)] ?? shape.rest;
  return shape.type === 'record' ? shape.value : undefined;
}

/** The value as the message repeats it: text quoted (a long one cut), an object or list named. */
function given(issue: Issue): string {
  if (typeof issue.input === 'string') return JSON.stringify(issue.input.length > 60 ? `${issue.input.slice(0, 57)}...` : issue.input);
  const words: Record<string, string> = { Object: 'an object', Array: 'a list', undefined: 'nothing' };
  return words[issue.received] ?? issue.received;
}

/** A schema's own message with ' (got "8:30am")' added, unless it names the value already (as a whole) or the value is not a single one. */
function withGiven(issue: Issue, message: string): string {
  if (!['string', 'number', 'boolean'].includes(typeof issue.input)) return message;
  const value = String(issue.input).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return value !== '' && new RegExp(`(^|\\W)${value}($|\\W)`).test(message) ? message : `${message} (got ${given(issue)})`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  Array: 'a list',
  Object: 'an object',
  Date: 'a date',
};

/** A value of the wrong type or not among the allowed ones: 'must be a number or text, got an object', 'must be one of "json", "adf", got "xml"' (`show`: false, without the ', got ...'). */
function typeInWords(issue: Issue, show: boolean): string {
  const parts = (issue.expected ?? '').split(' | ').map((part) => part.replace(/^\(+|\)+$/g, ''));
  const isValue = (part: string) => /^["\d-]/.test(part);
  const types = [...new Set(parts.filter((part) => !isValue(part)).map((part) => TYPE_WORDS[part] ?? part))];
  const values = parts.filter(isValue);
  const oneOf = values.length > 1 ? `one of ${values.join(', ')}` : (values[0] ?? '');
  const texts = values.filter((part) => part.startsWith('"')).map((part) => JSON.parse(part) as string);
  const meant = typeof issue.input === 'string' ? closestName(issue.input, texts) : undefined;
  const suggestion = meant && meant !== issue.input ? `: did you mean ${JSON.stringify(meant)}?` : '';
  return `must be ${[types.join(' or '), oneOf].filter(Boolean).join(', or ')}${show ? `, got ${given(issue)}` : ''}${suggestion}`;
}

/** A value of the right type that fails a check: bounds and lengths in words; a pattern is not repeated (`show`: false, nor the value). */
function checkInWords(issue: Issue, show: boolean): string {
  const got = show ? `, got ${given(issue)}` : '';
  const bound = String(issue.requirement);
  const bounds: Record<string, string> = { min_value: 'at least', max_value: 'at most', gt_value: 'more than', lt_value: 'less than' };
  if (bounds[issue.type]) return `must be ${bounds[issue.type]} ${bound}${got}`;
  if (['min_length', 'max_length', 'length', 'non_empty'].includes(issue.type)) return lengthInWords(issue, show);
  const words: Record<string, string> = { integer: 'must be a whole number', email: 'must be an e-mail address', url: 'must be a URL' };
  return `${words[issue.type] ?? 'is not in the expected form'}${got}`;
}

function lengthInWords(issue: Issue, show: boolean): string {
  const text = typeof issue.input === 'string';
  const size = Number(issue.requirement ?? 1);
  if ((issue.type === 'min_length' && size === 1) || issue.type === 'non_empty') return 'must not be empty';
  const how = { min_length: 'at least ', max_length: 'at most ', length: 'exactly ' }[issue.type] ?? '';
  const count = text ? `${size} character${size === 1 ? '' : 's'} long` : `${size} ${size === 1 ? 'entry' : 'entries'}`;
  return `must ${text ? 'be' : 'hold'} ${how}${count}${show ? `, got ${issue.received}` : ''}`;
}
