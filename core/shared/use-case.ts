/**
 * What every use case is: a class built once with one deps object naming exactly the ports and
 * settings it uses (each required: test/app/unit/use-case-deps.test.ts), whose methods
 * (`execute()`, and a few more where one screen needs them) hold one rule each. The server's
 * feature modules build each one with its deps written out (ADR 31).
 */
export abstract class UseCase<Deps> {
  constructor(protected readonly deps: Deps) {}
}
