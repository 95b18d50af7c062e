import type { AuditTrailDeps } from '../../core/audit/audit-trail';
import type { SearchIndexErrorReporter } from '../../core/search/keep-index-in-step';
import type { SearchIndex } from '../../core/search/search-index.port';
import type { UseCaseOf } from '../../core/operations/scheduled-work';
import type { AdapterName, Adapters, ContainerOptions } from '../adapters';
import type { AppConfig } from '../config';

/** Resolves a port (the same instance every time). */
export type GetPort = <K extends AdapterName>(name: K) => Adapters[K];

/** What a feature module is given to build its use cases with. */
export interface FeatureContext {
  /** The ports, by name: a use case is handed exactly the ones it uses. */
  get: GetPort;
  /** The whole configuration; each module reads its own slice of it (its `settingsOf`). */
  config: AppConfig;
  /** The reporters the server passes in (a failed search index update, a failed clean-up...), each given. */
  options: Required<ContainerOptions>;
  /** Another use case, for the few that run others (the scheduled jobs' handlers). */
  useCase: UseCaseOf;
}

/** One use case: its class (the container's key) and how to build it. */
export interface UseCaseProvider<T = unknown> {
  type: new (deps: never) => T;
  make: () => T;
}

/** Pairs a use case's class with its constructor call; `make` runs once, when it is first asked for. */
export function provide<T>(type: new (deps: never) => T, make: () => T): UseCaseProvider<T> {
  return { type, make };
}

/**
 * An area of the app (bookings, work days, news...): the use cases it runs, each built with
 * exactly the ports and settings it uses. docs/architecture.md, "How to add a feature".
 */
export interface Feature {
  name: string;
  useCases(context: FeatureContext): UseCaseProvider[];
}

/** The club's name and public address, as e-mails, links and the calendar feed show them. */
export function siteSettings(config: AppConfig): { clubName: string; publicBaseUrl: string } {
  return { clubName: config.clubName, publicBaseUrl: config.publicBaseUrl };
}

/** The audit log's ports (core's AuditTrailDeps): what an admin's audited change is written with. */
export function auditTrail(get: GetPort): AuditTrailDeps {
  return { audit: get('audit'), ids: get('ids'), clock: get('clock') };
}

/** The search index and who hears of a failed update: what a change that keeps the index in step takes. */
export function searchIndexing(get: GetPort, options: Required<ContainerOptions>): { search: SearchIndex; reportSearchIndexError: SearchIndexErrorReporter } {
  return { search: get('search'), reportSearchIndexError: options.reportSearchIndexError };
}
