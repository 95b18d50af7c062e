import { readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * A use case is handed every port it uses: none is optional. (An optional port let a use case skip
 * work quietly when the server forgot to wire one: the waiting list left open by a cancelled event.)
 * A feature that can be off gets an explicit adapter that does nothing, not a missing field.
 *
 * Checked with the compiler: in core/, every use case's constructor argument and every type named
 * ...Deps, with their inherited properties; a property whose type is (or is a Pick of) an interface
 * from a port file (core/<feature>/*.port.ts) must not be optional.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const CORE = resolve(ROOT, 'core');
const isPortFile = (fileName: string) => fileName.startsWith(`${CORE}/`) && fileName.endsWith('.port.ts');

/** Every optional port, as "Owner.property" by file, in the use cases plus the `extra` files (path to text). */
function optionalPorts(extra: Record<string, string>): { checked: number; found: Map<string, string[]> } {
  const files = [
    ...readdirSync(CORE, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.port.ts'))
      .map((f) => resolve(CORE, f)),
    ...Object.keys(extra),
  ];
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => extra[name] ?? readFile(name);
  host.fileExists = (name) => name in extra || fileExists(name);
  host.getSourceFile = (name, version, ...rest) => (name in extra ? ts.createSourceFile(name, extra[name], version) : getSourceFile(name, version, ...rest));
  const program = ts.createProgram(files, options, host);
  const checker = program.getTypeChecker();

  const declaredInPorts = (symbol: ts.Symbol | undefined) => !!symbol?.declarations?.some((d) => isPortFile(d.getSourceFile().fileName));
  const isPort = (type: ts.Type): boolean => {
    const parts = type.isUnion() ? type.types : [type];
    return parts.some(
      (part) =>
        declaredInPorts(part.getSymbol()) ||
        declaredInPorts(part.aliasSymbol) ||
        (part.aliasTypeArguments ?? []).some((arg) => declaredInPorts(arg.getSymbol())),
    );
  };

  let checked = 0;
  const found = new Map<string, string[]>();
  const check = (owner: string, type: ts.Type, at: ts.Node) => {
    checked += 1;
    for (const property of checker.getPropertiesOfType(type)) {
      if (!(property.flags & ts.SymbolFlags.Optional)) continue;
      if (!isPort(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, at)))) continue;
      const file = relative(ROOT, at.getSourceFile().fileName);
      found.set(file, [...(found.get(file) ?? []), `${owner}.${property.name}`].sort());
    }
  };
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(`${resolve(ROOT, 'core')}/`) && !(file.fileName in extra)) continue;
    ts.forEachChild(file, (node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        // The constructor the class is built with: its own, or the one it inherits (UseCase's).
        const symbol = checker.getSymbolAtLocation(node.name);
        const construct = symbol && checker.getTypeOfSymbolAtLocation(symbol, node).getConstructSignatures()[0];
        const deps = construct?.getParameters()[0];
        if (deps) check(node.name.text, checker.getTypeOfSymbolAtLocation(deps, node), node);
      } else if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text.endsWith('Deps')) {
        check(node.name.text, checker.getTypeAtLocation(node.name), node.name);
      }
    });
  }
  return { checked, found };
}

/** A use case written wrongly on purpose, to show the check finds what it should. */
const EXAMPLE = resolve(CORE, 'bookings/__optional-port-example__.ts');
const EXAMPLE_TEXT = `
  import type { Clock } from '../shared/clock.port';
  import type { WaitingList } from '../waiting-list/waiting-list.port';
  import type { BookingRepository } from './booking-repository.port';
  import { UseCase } from '../shared/use-case';
  interface BaseDeps { clock?: Clock }
  export interface ExampleDeps extends BaseDeps {
    waitingList?: WaitingList | null;
    bookings?: Pick<BookingRepository, 'get'>;
    reportError?: (e: unknown) => void;
    maxAttendees?: number;
  }
  export class Example { constructor(private readonly deps: ExampleDeps) {} }
  export class ExampleOnTheBase extends UseCase<ExampleDeps> {}
`;
let result: ReturnType<typeof optionalPorts>;

beforeAll(() => {
  result = optionalPorts({ [EXAMPLE]: EXAMPLE_TEXT });
});

describe("use cases' dependencies", () => {
  it('leave no port optional', () => {
    expect(result.checked).toBeGreaterThan(80);
    expect(Object.fromEntries([...result.found].filter(([file]) => file !== relative(ROOT, EXAMPLE)))).toEqual({});
  });

  it("are checked: an optional port is found, inherited, in a union or picked, in a constructor of its own or UseCase's; optional settings are not ports", () => {
    expect(result.found.get(relative(ROOT, EXAMPLE))).toEqual([
      'BaseDeps.clock',
      'Example.bookings',
      'Example.clock',
      'Example.waitingList',
      'ExampleDeps.bookings',
      'ExampleDeps.clock',
      'ExampleDeps.waitingList',
      'ExampleOnTheBase.bookings',
      'ExampleOnTheBase.clock',
      'ExampleOnTheBase.waitingList',
    ]);
  });
});
