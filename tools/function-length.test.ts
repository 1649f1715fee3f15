import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function in the server's modules a newcomer cannot follow (docs/architecture.md, "Functions"):
 * a function declaration, function expression, method or arrow function of `apps/server/src/modules/`
 * (tests aside) is at most `MAX_LINES` lines long, counted from its first line to the end of its body,
 * unless the comment directly above its first line gives the reason on a line starting `Long because:`.
 */
const MAX_LINES = 100;
const REASON = /^\s*(?:\/\/|\/?\*+)?\s*Long because:/m;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A function's length and where it starts, with whether the comment above it says why it is long. */
interface Measured {
  line: number;
  lines: number;
  reasoned: boolean;
}

/** The comment lines directly above line `index` (0-based) of `lines`, nearest last. */
function commentAbove(lines: string[], index: number): string {
  const found: string[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (!(line.startsWith('//') || line.startsWith('/*') || line.startsWith('*'))) break;
    found.unshift(line);
  }
  return found.join('\n');
}

/** Every function of `text` with its length in lines (first line to the end of its body). */
function measure(fileName: string, text: string): Measured[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = text.split('\n');
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)) &&
      node.body
    ) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.body.getEnd()).line;
      found.push({ line: start + 1, lines: end - start + 1, reasoned: REASON.test(commentAbove(lines, start)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('function length in the server modules', () => {
  it('measures declarations, expressions, arrows and methods, and reads the reason above them', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function a() {\n${body(3)}\n}`,
      `// Long because: one statement.\nexport const b = async (x: number) => {\n${body(1)}\n};`,
      `const c = function () {\n${body(2)}\n};`,
      `/**\n * Does d.\n * Long because: it must.\n */\nexport function d() {}`,
      `class E {\n  m() {\n${body(1)}\n  }\n}`,
      `const f = () =>\n  1;`,
      `// Long because: a loop.\nlist.forEach((x) => {\n${body(1)}\n});`,
      `// Long because: not directly above.\n\nfunction g() {}`,
    ].join('\n');
    expect(measure('x.ts', text)).toEqual([
      { line: 1, lines: 5, reasoned: false },
      { line: 7, lines: 3, reasoned: true },
      { line: 10, lines: 4, reasoned: false },
      { line: 18, lines: 1, reasoned: true },
      { line: 20, lines: 3, reasoned: false },
      { line: 24, lines: 2, reasoned: false },
      { line: 27, lines: 3, reasoned: true },
      { line: 32, lines: 1, reasoned: false },
    ]);
  });

  it(`has none longer than ${MAX_LINES} lines without a reason written above it`, () => {
    const offenders = sources(modulesDir).flatMap((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      return measure(file, readFileSync(file, 'utf8'))
        .filter((f) => f.lines > MAX_LINES && !f.reasoned)
        .map((f) => `${relative}:${f.line} ${f.lines} lines`);
    });
    expect(offenders, 'split these, or write "Long because: …" in the comment directly above each').toEqual([]);
  });
});
