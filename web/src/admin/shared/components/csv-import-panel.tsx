import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { problemText, type ImportProblem } from '@core/water-levels/water-levels';
import { ApiError, refusalMessage } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';

/** A file's check: either the plan of what an import would do, or every line's problems. */
export type ImportPreview<Plan> = { ok: true; plan: Plan } | { ok: false; problems: ImportProblem[] };

export interface CsvImportPanelProps<Plan, Result> {
  /** Prefix of the panel's element ids, e.g. `adm-members`. */
  idPrefix: string;
  title: string;
  /** What a line holds, with an example. */
  description: ReactNode;
  maxBytes: number;
  tooLargeMessage: string;
  /** Checks a file's text on the server without saving anything. */
  checking: UseMutationResult<ImportPreview<Plan>, Error, string>;
  /** Imports a file's text: all its lines or, if any is wrong, none. */
  importing: UseMutationResult<Result, Error, string>;
  /** What the plan would do, in a sentence. */
  summary: (plan: Plan) => ReactNode;
  /** The plan's details (what is replaced, what is added). */
  details: (plan: Plan) => ReactNode;
  /** The import button's label, e.g. "Import 3 Members". */
  importLabel: (plan: Plan) => string;
  /** The notice after a successful import. */
  importedMessage: (result: Result, fileName: string) => string;
  onImported: (message: string) => void;
  onStart: () => void;
}

function ProblemList({ problems }: { problems: ImportProblem[] }) {
  return (
    <ul className="adm-wl-problems">
      {problems.map((problem) => (
        <li key={`${problem.line}-${problem.reason}`}>{problemText(problem)}</li>
      ))}
    </ul>
  );
}

/** Problems of a refused import, from the server's per-line fields. */
function problemsOfRefusal(error: ApiError): ImportProblem[] {
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return [{ line: null, reason: error.message }];
  return entries.map(([key, text]) => {
    const line = /^line (\d+)$/.exec(key);
    return line ? { line: Number(line[1]), reason: text.replace(/^Line \d+: /, '') } : { line: null, reason: text };
  });
}

/**
 * The admin panel's CSV import in two steps, each a mutation with its own state: check the file
 * (every bad line named), then import it (all or nothing). The member list and the water levels
 * use it; what differs is the plan's words and tables.
 */
export function CsvImportPanel<Plan, Result>(props: CsvImportPanelProps<Plan, Result>) {
  const { idPrefix, checking, importing } = props;
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const busy = checking.isPending ? 'checking' : importing.isPending ? 'importing' : null;
  // Checked again by the server: a file can be refused even after a clean preview; its problems replace the preview.
  const refusedImport = importing.error instanceof ApiError && importing.error.status === 400 ? importing.error : null;
  const preview: ImportPreview<Plan> | null = refusedImport ? { ok: false, problems: problemsOfRefusal(refusedImport) } : (checking.data ?? null);
  const failure = checking.isError
    ? refusalMessage(checking.error, 'The file could not be checked. Please try again.')
    : importing.isError && !refusedImport
      ? refusalMessage(importing.error, 'The import failed; nothing was saved. Please try again.')
      : null;

  /** Forgets the last check and import, and their outcomes. */
  const startOver = () => {
    checking.reset();
    importing.reset();
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    props.onStart();
    startOver();
    setFileError(null);
    setFile(null);
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > props.maxBytes) {
      setFileError(props.tooLargeMessage);
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (busy !== null) return;
    props.onStart();
    startOver();
    if (!file) {
      setFileError(fileError ?? 'Choose a CSV file to import');
      fileRef.current?.focus();
      return;
    }
    checking.mutate(file.text);
  };

  const clearFile = () => {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const confirm = () => {
    if (!file || busy !== null) return;
    importing.mutate(file.text, {
      onSuccess: (result) => {
        checking.reset();
        clearFile();
        props.onImported(props.importedMessage(result, file.name));
      },
    });
  };

  const cancel = () => {
    checking.reset();
    clearFile();
  };

  const problemLines = preview && !preview.ok ? preview.problems.filter((p) => p.line !== null).length : 0;

  return (
    <section className="adm-panel" aria-labelledby={`${idPrefix}-import-title`}>
      <h2 id={`${idPrefix}-import-title`}>{props.title}</h2>
      <p className="adm-muted">{props.description}</p>
      <form onSubmit={check} noValidate>
        <fieldset className="adm-fieldset" disabled={busy !== null}>
          <legend className="visually-hidden">CSV file</legend>
          <Field id={`${idPrefix}-file`} label="CSV file" hint={`At most ${props.maxBytes / 1024} kB.`} error={fileError ?? undefined}>
            <input ref={fileRef} className="input" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} />
          </Field>
          <Button type="submit" variant="secondary">
            {busy === 'checking' ? 'Checking…' : 'Check File'}
          </Button>
        </fieldset>
      </form>
      <div aria-live="polite">
        {failure && <Alert tone="error">{failure}</Alert>}
        {preview && !preview.ok && (
          <Alert tone="error" title="This file cannot be imported">
            <p>
              {problemLines === 0
                ? 'The file as a whole has a problem.'
                : problemLines === 1
                  ? '1 line has a problem.'
                  : `${problemLines} lines have problems.`}{' '}
              Nothing has been saved. Correct the file and check it again.
            </p>
            <ProblemList problems={preview.problems} />
          </Alert>
        )}
        {preview && preview.ok && (
          <div className="adm-wl-preview">
            <Alert tone="info" title="Ready to import">
              <p>{props.summary(preview.plan)}</p>
            </Alert>
            {props.details(preview.plan)}
            <div className="adm-actions">
              <Button onClick={confirm} disabled={busy !== null}>
                {busy === 'importing' ? 'Importing…' : props.importLabel(preview.plan)}
              </Button>
              <Button variant="secondary" onClick={cancel} disabled={busy !== null}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
