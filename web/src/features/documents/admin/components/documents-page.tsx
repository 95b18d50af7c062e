import { useRef, useState } from 'react';
import { DocumentFormSchema, documentFileProblemOf, type DocumentForm } from '@core/documents/documents';
import type { ListedDocument } from '@core/content/club-content';
import { Field } from '../../../../components/ui/field';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { schemaResolver } from '../../../../lib/form-rules';
import {
  documentsQueryOptions,
  useDeleteDocument,
  useDocuments,
  useReorderDocuments,
  useReplaceDocumentFile,
  useUpdateDocument,
  useUploadDocument,
} from '../api/documents';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PanelForm } from '../../../../admin/shared/components/panel-form';
import { PageTitle } from '../../../../admin/shared/components/page-title';

type FormField = 'title' | 'description' | 'category';
const FORM_FIELDS: readonly FormField[] = ['title', 'description', 'category'];
const emptyForm = (): DocumentForm => ({ title: '', description: '', category: '' });

/** The server's field messages this form shows beside a field. */
function pick(fields: Partial<Record<string, string>> | undefined): Partial<Record<FormField, string>> {
  return Object.fromEntries(FORM_FIELDS.filter((name) => typeof fields?.[name] === 'string').map((name) => [name, fields?.[name]]));
}

/** The core's rule on a chosen file, from its size and first bytes (the server checks all of it again). */
async function chosenFileProblem(file: File | null): Promise<string | null> {
  if (!file) return 'Choose a PDF file to upload.';
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return documentFileProblemOf(file.size, head);
}

/** The admin's documents: upload a PDF, edit, replace its file, put them in order, delete. */
export function DocumentsPage() {
  const documents = useDocuments();
  const reload = useTryAgain(documentsQueryOptions().queryKey);
  const reorder = useReorderDocuments();
  const remove = useDeleteDocument();
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ListedDocument | null>(null);

  if (documents.isError && documents.error.status === 403) return <LoadError error={documents.error} message="Failed to load documents" />;

  function move(index: number, by: -1 | 1) {
    if (!documents.isSuccess) return;
    const ids = documents.data.map((d) => d.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    setNotice(null);
    reorder.mutate(ids, {
      onSuccess: (moved) => setNotice({ kind: 'success', message: `Moved ${moved[index + by].title} ${by < 0 ? 'up' : 'down'}.` }),
      onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, 'Failed to change the order. Please try again.') }),
    });
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: (_, deleted) => setNotice({ kind: 'success', message: `Deleted ${deleted.title}.` }),
      onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, 'Failed to delete the document. Please try again.') }),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Documents">Documents</PageTitle>
        <Button variant="secondary" onClick={reload} disabled={documents.isPending}>
          Refresh
        </Button>
      </div>
      <p className="adm-muted">The PDFs on the members' Documents page, in this order. Each can be at most 20 MB.</p>
      <NoticeArea notice={notice} />
      <LoadStatus query={documents} onRetry={reload} loading="Loading documents…" failed="Failed to load documents" />
      {documents.isSuccess &&
        (documents.data.length === 0 ? (
          <p className="adm-muted">No documents yet.</p>
        ) : (
          <DataTable label="Documents" columns={['Title', 'Category', 'File', 'Actions']}>
            {documents.data.map((doc, index) => (
              <tr key={doc.id}>
                <th scope="row">{doc.title}</th>
                <td>{doc.category}</td>
                <td>
                  <a href={doc.url} target="_blank" rel="noopener noreferrer">
                    {doc.fileName}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </td>
                <td>
                  <div className="adm-actions">
                    <Button variant="secondary" disabled={reorder.isPending || index === 0} onClick={() => move(index, -1)} aria-label={`Move ${doc.title} up`}>
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={reorder.isPending || index === documents.data.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${doc.title} down`}
                    >
                      Down
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(editing === doc.id ? null : doc.id)}
                      aria-expanded={editing === doc.id}
                      aria-label={`Edit ${doc.title}`}
                    >
                      Edit
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(doc)} aria-label={`Delete ${doc.title}`}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        ))}
      {documents.isSuccess &&
        documents.data
          .filter((doc) => doc.id === editing)
          .map((doc) => (
            <EditDocument key={doc.id} document={doc} onSaved={(message) => setNotice({ kind: 'success', message })} onClose={() => setEditing(null)} />
          ))}
      {documents.isSuccess && (
        <UploadDocument
          onSubmitting={() => setNotice(null)}
          onUploaded={(document) => setNotice({ kind: 'success', message: `Uploaded ${document.title}.` })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this document?"
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete Document'}
        cancelLabel="Keep It"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting?.title} and its PDF will be removed from the members' Documents page and from search.</p>
      </ConfirmDialog>
    </>
  );
}

function UploadDocument({ onUploaded, onSubmitting }: { onUploaded: (document: ListedDocument) => void; onSubmitting: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after an upload.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadDocument();
  const form = useAdminPanelForm<DocumentForm, FormField>({
    initial: emptyForm,
    resolver: schemaResolver(DocumentFormSchema),
    order: FORM_FIELDS,
    idOf: (name) => `adm-doc-new-${name}`,
  });
  // A refused file takes the focus to its field, once the form is enabled again.
  const focusFile = () => form.focus('adm-doc-new-file');

  const send = async (values: DocumentForm) => {
    const problem = await chosenFileProblem(file);
    setFileError(problem);
    if (problem || !file) {
      focusFile();
      return;
    }
    try {
      onUploaded(await upload.mutateAsync({ form: values, file }));
      form.reset(emptyForm());
      setFile(null);
      setFileInputKey((key) => key + 1);
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? pick(error.fields) : {};
      if (error instanceof ApiError && (error.status === 413 || error.status === 415 || typeof error.fields.file === 'string')) {
        setFileError(error.message);
        focusFile();
        return;
      }
      form.refuse(fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, 'Failed to upload the document. Please try again.'));
    }
  };

  const start = () => {
    onSubmitting();
    setFileError(null);
  };

  return (
    <PanelForm
      id="adm-doc-upload"
      title="Upload a Document"
      legend="New document"
      form={form}
      send={send}
      onStart={start}
      submit={['Upload Document', 'Uploading…']}
    >
      <Field id="adm-doc-new-title" label="Title" required error={form.errorFor('title')}>
        <input className="input" type="text" autoComplete="off" {...form.bind('title')} />
      </Field>
      <Field id="adm-doc-new-description" label="Description" error={form.errorFor('description')}>
        <textarea className="input" rows={3} {...form.bind('description')} />
      </Field>
      <Field id="adm-doc-new-category" label="Category" required hint="For example Governance, Membership, Rules or Moorings" error={form.errorFor('category')}>
        <input className="input" type="text" autoComplete="off" {...form.bind('category')} />
      </Field>
      <Field id="adm-doc-new-file" label="PDF file" required hint="A PDF of at most 20 MB" error={fileError ?? undefined}>
        <input
          key={fileInputKey}
          className="input"
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
      </Field>
    </PanelForm>
  );
}

function EditDocument({ document, onSaved, onClose }: { document: ListedDocument; onSaved: (message: string) => void; onClose: () => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const update = useUpdateDocument();
  const replace = useReplaceDocumentFile();
  const prefix = `adm-doc-edit-${document.id.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const form = useAdminPanelForm<DocumentForm, FormField>({
    initial: () => ({ title: document.title, description: document.description, category: document.category, keepOffline: document.keepOffline ?? false }),
    resolver: schemaResolver(DocumentFormSchema),
    order: FORM_FIELDS,
    idOf: (name) => `${prefix}-${name}`,
  });

  const send = async (values: DocumentForm) => {
    try {
      await update.mutateAsync({ id: document.id, form: values });
      onSaved(`Saved ${values.title.trim()}.`);
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? pick(error.fields) : {};
      form.refuse(fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, 'Failed to save the document. Please try again.'));
    }
  };

  async function replaceFile() {
    const file = fileRef.current?.files?.[0] ?? null;
    const problem = await chosenFileProblem(file);
    setFileError(problem);
    if (problem || !file) {
      fileRef.current?.focus();
      return;
    }
    replace.mutate(
      { id: document.id, file },
      {
        onSuccess: () => {
          onSaved(`Replaced the PDF of ${document.title}.`);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) => {
          setFileError(refusalMessage(error, 'Failed to replace the file. Please try again.'));
          fileRef.current?.focus();
        },
      },
    );
  }

  return (
    <PanelForm
      id={prefix}
      title={<>Edit {document.title}</>}
      legend="Document details"
      form={form}
      send={send}
      after={
        <fieldset className="adm-fieldset" disabled={replace.isPending}>
          <legend>Replace the PDF</legend>
          <p className="adm-muted">Now: {document.fileName}. The old file stays until the new one has been checked and stored.</p>
          <Field id={`${prefix}-file`} label="New PDF file" hint="A PDF of at most 20 MB" error={fileError ?? undefined}>
            <input ref={fileRef} className="input" type="file" accept="application/pdf,.pdf" onChange={() => setFileError(null)} />
          </Field>
          <Button onClick={replaceFile}>{replace.isPending ? 'Replacing…' : 'Replace File'}</Button>
        </fieldset>
      }
    >
      <Field id={`${prefix}-title-input`} label="Title" required error={form.errorFor('title')}>
        <input className="input" type="text" autoComplete="off" {...form.bind('title')} />
      </Field>
      <Field id={`${prefix}-description`} label="Description" error={form.errorFor('description')}>
        <textarea className="input" rows={3} {...form.bind('description')} />
      </Field>
      <Field id={`${prefix}-category`} label="Category" required error={form.errorFor('category')}>
        <input className="input" type="text" autoComplete="off" {...form.bind('category')} />
      </Field>
      <Checkbox
        id={`${prefix}-keep-offline`}
        label="Keep offline on members' phones"
        hint="Each member's phone keeps this PDF after their next visit, so it opens without signal (the sailing instructions, for example)."
        checked={form.values.keepOffline ?? false}
        onChange={(checked) => form.set('keepOffline', checked)}
      />
      <div className="adm-actions">
        <Button type="submit">{form.submitting ? 'Saving…' : 'Save Changes'}</Button>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </PanelForm>
  );
}
