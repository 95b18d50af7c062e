import { useState } from 'react';
import { MAX_PHOTO_BYTES, movePhoto, PHOTO_INPUT_ACCEPT, PHOTO_TOO_LARGE, PhotoDetailsSchema } from '@core/photos/photos';
import { inputErrors } from '@core/shared/parse-input';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { messagesResolver, schemaResolver } from '../../../../lib/form-rules';
import { photosQueryOptions, useDeletePhoto, usePhotos, useReorderPhotos, useUpdatePhoto, useUploadPhoto, type AdminPhoto } from '../api/photos';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PanelForm } from '../../../../admin/shared/components/panel-form';
import { PageTitle } from '../../../../admin/shared/components/page-title';

export const PHOTOS_MESSAGES = {
  failed: 'Failed to load the photos',
  noFile: 'Please choose a photo to upload',
  uploadFailed: 'Failed to upload the photo. Please try again.',
  changeFailed: 'Failed to change the photo. Please try again.',
  deleteFailed: 'Failed to delete the photo. Please try again.',
  none: 'No photos yet. Until there are some, the Home page shows drawn pictures.',
};

/** The smallest JPEG copy: every browser shows it, and it is enough for a thumbnail. */
function thumbnail(photo: AdminPhoto) {
  const jpegs = photo.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  return jpegs[0] ?? photo.variants[0];
}

type UploadField = 'file' | 'caption' | 'credit';
const UPLOAD_FIELDS: readonly UploadField[] = ['file', 'caption', 'credit'];
interface UploadValues {
  file: File | null;
  caption: string;
  credit: string;
}
const freshUpload = (): UploadValues => ({ file: null, caption: '', credit: '' });

/** The upload form's rule: a file of at most 15 MB (the server checks what it is), and the core's caption and credit rule. */
function uploadErrors(values: UploadValues): Partial<Record<UploadField, string>> {
  const errors: Partial<Record<UploadField, string>> = inputErrors(PhotoDetailsSchema, { caption: values.caption, credit: values.credit });
  if (!values.file) errors.file = PHOTOS_MESSAGES.noFile;
  else if (values.file.size > MAX_PHOTO_BYTES) errors.file = PHOTO_TOO_LARGE;
  return errors;
}

function UploadForm({ onUploaded, onSubmitting }: { onUploaded: (photo: AdminPhoto) => void; onSubmitting: () => void }) {
  // A new input after each upload: a file input cannot be emptied through its value.
  const [fileInputKey, setFileInputKey] = useState(0);
  const form = useAdminPanelForm<UploadValues, UploadField>({
    initial: freshUpload,
    resolver: messagesResolver(uploadErrors),
    order: UPLOAD_FIELDS,
    idOf: (name) => `adm-photo-${name}`,
  });
  const { errorFor } = form;
  const upload = useUploadPhoto();

  const send = (values: UploadValues) =>
    upload.mutateAsync({ file: values.file!, caption: values.caption.trim(), credit: values.credit.trim() }).then(
      (photo) => {
        onUploaded(photo);
        form.reset(freshUpload());
        setFileInputKey((k) => k + 1);
      },
      (error: unknown) => {
        // Wrong type and too large are the file's problems; a caption refused is the caption's.
        const fileProblem = error instanceof ApiError && (error.status === 413 || error.status === 415);
        const fields = error instanceof ApiError && error.status === 400 ? error.fields : fileProblem ? { file: error.message } : {};
        form.refuse(fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, PHOTOS_MESSAGES.uploadFailed));
      },
    );

  return (
    <PanelForm
      id="adm-upload-photo"
      title="Upload a Photo"
      legend="New photo"
      form={form}
      send={send}
      onStart={onSubmitting}
      submit={['Upload Photo', 'Uploading…']}
    >
      <Field
        id="adm-photo-file"
        label="Photo"
        hint="JPEG, PNG or WebP, at most 15 MB. HEIC (iPhone) photos cannot be read: export them as JPEG first."
        error={errorFor('file')}
        required
      >
        <input
          key={fileInputKey}
          className="input"
          type="file"
          name="file"
          accept={PHOTO_INPUT_ACCEPT}
          onChange={(e) => form.set('file', e.currentTarget.files?.[0] ?? null)}
        />
      </Field>
      <Field
        id="adm-photo-caption"
        label="Caption"
        hint="Describes the photo for people who cannot see it; shown under it on the Home page."
        error={errorFor('caption')}
        required
      >
        <input className="input" type="text" maxLength={200} autoComplete="off" {...form.bind('caption')} />
      </Field>
      <Field id="adm-photo-credit" label="Credit" hint="Who took it (optional)." error={errorFor('credit')}>
        <input className="input" type="text" maxLength={100} autoComplete="off" {...form.bind('credit')} />
      </Field>
    </PanelForm>
  );
}

type DetailsField = 'caption' | 'credit';
const DETAILS_FIELDS: readonly DetailsField[] = ['caption', 'credit'];

/** A photo's caption and credit, changed in place on react-hook-form with the core's rule. */
function EditDetails({
  photo,
  busy,
  onSave,
  onCancel,
}: {
  photo: AdminPhoto;
  busy: boolean;
  onSave: (caption: string, credit: string) => void;
  onCancel: () => void;
}) {
  const form = useAdminPanelForm<Record<DetailsField, string>, DetailsField>({
    initial: () => ({ caption: photo.caption, credit: photo.credit }),
    resolver: schemaResolver(PhotoDetailsSchema),
    order: DETAILS_FIELDS,
    idOf: (name) => `adm-photo-${photo.id}-${name}`,
  });
  return (
    <form className="adm-photo-edit" noValidate onSubmit={form.handleSubmit(async ({ caption, credit }) => onSave(caption.trim(), credit.trim()))}>
      <Field id={`adm-photo-${photo.id}-caption`} label="Caption" error={form.errorFor('caption')} required>
        <input className="input" type="text" maxLength={200} {...form.bind('caption')} />
      </Field>
      <Field id={`adm-photo-${photo.id}-credit`} label="Credit" error={form.errorFor('credit')}>
        <input className="input" type="text" maxLength={100} {...form.bind('credit')} />
      </Field>
      <div className="adm-actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The member photos (/admin/photos, content:write): upload with a caption and credit, change
 * them, move a photo up or down the Home page's rotation, hide or show it, delete it. The server
 * checks every file and makes the resized copies; this screen shows what it answered.
 */
export function PhotosPage() {
  const query = usePhotos();
  const tryAgain = useTryAgain(photosQueryOptions().queryKey);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminPhoto | null>(null);
  const update = useUpdatePhoto();
  const reorder = useReorderPhotos();
  const remove = useDeletePhoto();
  // The photo a change is under way for (one at a time): the mutation's own pending variables.
  const busy = update.isPending
    ? update.variables.photo.id
    : reorder.isPending
      ? reorder.variables.photo.id
      : remove.isPending
        ? remove.variables.photo.id
        : null;

  /** A change's outcome: the message on success; the refusal in the server's words or the catalogue's. */
  const outcome = <T,>(success: (result: T) => string, fallback: string, after?: () => void) => ({
    onSuccess: (result: T) => {
      after?.();
      setNotice({ kind: 'success', message: success(result) });
    },
    onError: (error: Error) => setNotice({ kind: 'error', message: refusalMessage(error, fallback) }),
  });

  const move = (photos: AdminPhoto[], photo: AdminPhoto, by: -1 | 1) => {
    setNotice(null);
    reorder.mutate(
      {
        photo,
        ids: movePhoto(
          photos.map((p) => p.id),
          photo.id,
          by,
        ),
      },
      outcome(() => `"${photo.caption}" moved ${by < 0 ? 'up' : 'down'}.`, PHOTOS_MESSAGES.changeFailed),
    );
  };

  const toggleHidden = (photo: AdminPhoto) => {
    setNotice(null);
    update.mutate(
      { photo, change: { hidden: !photo.hidden } },
      outcome(
        (changed: AdminPhoto) =>
          changed.hidden ? `"${changed.caption}" is hidden from the Home page.` : `"${changed.caption}" is shown on the Home page again.`,
        PHOTOS_MESSAGES.changeFailed,
      ),
    );
  };

  const saveDetails = (photo: AdminPhoto, caption: string, credit: string) => {
    setNotice(null);
    update.mutate(
      { photo, change: { caption, credit } },
      outcome(
        () => 'Photo details saved.',
        PHOTOS_MESSAGES.changeFailed,
        () => setEditing(null),
      ),
    );
  };

  function confirmDelete() {
    const photo = toDelete;
    if (!photo || busy !== null) return;
    setNotice(null);
    remove.mutate({ photo }, { ...outcome(() => `"${photo.caption}" deleted.`, PHOTOS_MESSAGES.deleteFailed), onSettled: () => setToDelete(null) });
  }

  if (query.isError && query.error.status === 403) return <LoadError error={query.error} message={PHOTOS_MESSAGES.failed} />;
  return (
    <>
      <PageTitle documentTitle="Photos">Photos</PageTitle>
      <p className="adm-muted">
        The photos members see in the rotating panel on the Home page, first shown first. The server removes each photo's location and camera details and makes
        smaller copies for phones.
      </p>
      <NoticeArea notice={notice} />
      <UploadForm
        onSubmitting={() => setNotice(null)}
        onUploaded={(photo) => {
          setNotice({ kind: 'success', message: `"${photo.caption}" uploaded. It is shown last on the Home page.` });
        }}
      />
      <section className="adm-panel" aria-labelledby="adm-photos-list-title">
        <h2 id="adm-photos-list-title">The Rotation</h2>
        <LoadStatus query={query} onRetry={tryAgain} loading="Loading the photos…" failed={PHOTOS_MESSAGES.failed} />
        {query.isSuccess && query.data.length === 0 && <p>{PHOTOS_MESSAGES.none}</p>}
        {query.isSuccess && query.data.length > 0 && (
          <ol className="adm-photo-list">
            {query.data.map((photo, i, photos) => {
              const thumb = thumbnail(photo);
              const isBusy = busy === photo.id;
              // A row's buttons: named for this photo, all off while any photo is being saved.
              const action = (
                text: string,
                onClick: () => void,
                { disabled = false, variant = 'secondary' }: { disabled?: boolean; variant?: 'secondary' | 'danger' } = {},
              ) => (
                <Button variant={variant} size="small" disabled={busy !== null || disabled} onClick={onClick} aria-label={`${text} "${photo.caption}"`}>
                  {text}
                </Button>
              );
              return (
                <li key={photo.id} className="adm-photo-item" aria-busy={isBusy || undefined}>
                  <img className="adm-photo-thumb" src={thumb.url} width={thumb.width} height={thumb.height} alt={photo.caption} loading="lazy" />
                  <div className="adm-photo-body">
                    <p className="adm-photo-caption">
                      <strong>{photo.caption}</strong>
                      {photo.hidden ? <span className="adm-badge adm-badge-grey">Hidden</span> : <span className="adm-badge adm-badge-green">Shown</span>}
                    </p>
                    <p className="adm-muted">
                      {photo.credit ? `Credit: ${photo.credit}. ` : ''}
                      {photo.width} × {photo.height} pixels.
                    </p>
                    {editing === photo.id ? (
                      <EditDetails
                        photo={photo}
                        busy={isBusy}
                        onSave={(caption, credit) => saveDetails(photo, caption, credit)}
                        onCancel={() => setEditing(null)}
                      />
                    ) : (
                      <div className="adm-actions">
                        {action('Move up', () => move(photos, photo, -1), { disabled: i === 0 })}
                        {action('Move down', () => move(photos, photo, 1), { disabled: i === photos.length - 1 })}
                        {action(photo.hidden ? 'Show' : 'Hide', () => toggleHidden(photo))}
                        {action('Edit', () => setEditing(photo.id))}
                        {action('Delete', () => setToDelete(photo), { variant: 'danger' })}
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete photo?"
        confirmLabel="Delete"
        busy={busy !== null}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>
          Are you sure you want to delete <strong>{toDelete?.caption}</strong>? It leaves the Home page and its files are removed. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
