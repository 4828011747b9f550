// Audio and image of a material: previews, approval, upload, and the media jobs with their latest status.
import { useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage, isApiError } from '../../../lib/api';
import { requestActions, uploadAudio, uploadImage } from '../shell/admin-api';
import { JOB_ACTIONS, type Job, type MaterialAction, type MaterialDetail } from '../shell/admin-queries';
import { When } from '../shell/admin-ui';
import { latestJobs, type Awaiting } from './jobs';
import { CONFLICT_MESSAGE } from './material-editor';

export function JobStatus({ job, requested }: { job?: Job; requested: boolean }) {
  if (requested) return <Badge>Requested…</Badge>;
  if (!job) return <span className="muted small">Never run</span>;
  if (job.status === 'pending')
    return (
      <span className="job-status">
        <Badge tone="accent">Pending</Badge> <When at={job.at} />
      </span>
    );
  if (job.status === 'succeeded')
    return (
      <span className="job-status">
        <Badge tone="success">Succeeded</Badge> <When at={job.at} />
      </span>
    );
  return (
    <span className="job-status">
      <Badge tone="alert">Failed</Badge> <When at={job.at} />
      {job.error ? <span className="job-error">{job.error}</span> : null}
    </span>
  );
}

const UPLOADS = {
  image: { label: 'Image file', accept: 'image/*', button: 'Upload image', form: 'Upload image', done: 'Image uploaded.' },
  audio: { label: 'Audio file', accept: 'audio/*', button: 'Upload recording', form: 'Upload recording', done: 'Recording uploaded. Approve it to let learners hear it.' },
} as const;

/**
 * A file for the card (multipart POST to the material, SPEC §2): an image, or a recording of its audio (an Ogg,
 * MP3, WAV, M4A or WebM file, checked by the server). Either arrives not approved. A 409 says the card changed.
 */
function UploadForm({ kind, material, onUploaded }: { kind: 'image' | 'audio'; material: MaterialDetail['material']; onUploaded: (data: MaterialDetail) => void }) {
  const text = UPLOADS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    setUploaded(false);
    try {
      const fields = { type: material.type, version: material.version };
      const data = kind === 'audio' ? await uploadAudio(material.id, { ...fields, audio: file }) : await uploadImage(material.id, { ...fields, image: file });
      onUploaded(data);
      setUploaded(true);
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (error) {
      setUploadError(isApiError(error, 409) ? CONFLICT_MESSAGE : errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <form className="upload-form" onSubmit={upload} aria-label={text.form}>
      <div className="field">
        <label htmlFor={`${kind}-file-${material.id}`}>{text.label}</label>
        <input id={`${kind}-file-${material.id}`} type="file" name={kind} accept={text.accept} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <Button type="submit" size="sm" disabled={!file || uploading}>
        {uploading ? 'Uploading…' : text.button}
      </Button>
      {uploadError ? (
        <p role="alert" className="notice notice-error">
          {uploadError}
        </p>
      ) : uploaded ? (
        <p role="status" className="muted small">
          {text.done}
        </p>
      ) : null}
    </form>
  );
}

export interface MediaPanelProps {
  detail: MaterialDetail;
  /** Requests not yet visible in the material. */
  awaiting: readonly Awaiting[];
  onRequested: (actions: MaterialAction[]) => void;
  onUploaded: (data: MaterialDetail) => void;
}

export function MediaPanel({ detail, awaiting, onRequested, onUploaded }: MediaPanelProps) {
  const { material } = detail;
  const [sending, setSending] = useState<MaterialAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const latest = latestJobs(detail.jobs);
  const isAwaiting = (action: MaterialAction) => awaiting.some((a) => a.action === action);

  const run = async (action: MaterialAction) => {
    setSending(action);
    setActionError(null);
    try {
      await requestActions(material.id, material.type, [action]);
      onRequested([action]);
    } catch (error) {
      // 503 when the queue is down: its detail says so.
      setActionError(errorMessage(error));
    } finally {
      setSending(null);
    }
  };

  const systemClips = (
    [
      ['Kana', material.kana_audio_url],
      ['Word', material.word_audio_url],
      ['Sentence', material.sentence_audio_url],
    ] as const
  ).filter((c): c is readonly ['Kana' | 'Word' | 'Sentence', string] => Boolean(c[1]));

  const approval = (kind: 'audio' | 'image') => {
    const approved = kind === 'audio' ? material.is_audio_approved : material.is_image_approved;
    const action: MaterialAction = `${approved ? 'unapprove' : 'approve'}_${kind}`;
    const waiting = isAwaiting(action);
    return (
      <div className="approval">
        {approved ? <Badge tone="success">Approved</Badge> : <Badge tone="alert">Not approved</Badge>}{' '}
        <Button size="sm" variant={approved ? 'secondary' : 'primary'} onClick={() => run(action)} disabled={sending !== null || waiting}>
          {waiting ? (approved ? 'Unapproving…' : 'Approving…') : `${approved ? 'Unapprove' : 'Approve'} ${kind}`}
        </Button>
      </div>
    );
  };

  return (
    <div className="media-panel">
      <section className="panel" aria-labelledby="audio-heading">
        <h3 id="audio-heading">Audio</h3>
        {material.audio_url ? (
          <>
            <audio controls preload="none" src={material.audio_url} aria-label="Audio preview" className="audio-preview" />
            {typeof material.audio_spec === 'string' && material.audio_spec ? <p className="muted small audio-spec">{material.audio_spec}</p> : null}
            {approval('audio')}
          </>
        ) : systemClips.length ? null : (
          <p className="muted">No audio yet.</p>
        )}
        {systemClips.length ? (
          <div className="system-voice">
            <p className="muted small">
              System voice{material.voice_spec ? ` (${material.voice_spec})` : ''}:{' '}
              {material.audio_url && material.is_audio_approved
                ? 'replaced by the approved audio above.'
                : material.audio_vetoed
                  ? 'unapproved: learners hear no audio on this card.'
                  : 'learners hear it until an approved audio of your own replaces it.'}
            </p>
            {systemClips.map(([label, url]) => (
              <figure key={label} className="system-voice-clip">
                <figcaption className="small">{label}</figcaption>
                <audio controls preload="none" src={url} aria-label={`${label} (system voice)`} className="audio-preview" />
              </figure>
            ))}
            {material.audio_url ? null : (
              <div className="approval">
                {material.audio_vetoed ? <Badge tone="alert">Not approved</Badge> : <Badge tone="success">Approved by the system</Badge>}{' '}
                <Button
                  size="sm"
                  variant={material.audio_vetoed ? 'primary' : 'secondary'}
                  onClick={() => run(material.audio_vetoed ? 'approve_audio' : 'unapprove_audio')}
                  disabled={sending !== null}
                >
                  {material.audio_vetoed ? 'Approve audio' : 'Unapprove audio'}
                </Button>
              </div>
            )}
          </div>
        ) : null}
        <UploadForm kind="audio" material={material} onUploaded={onUploaded} />
      </section>

      <section className="panel" aria-labelledby="image-heading">
        <h3 id="image-heading">Image</h3>
        {material.image_url ? (
          <>
            <img src={material.image_url} alt={material.image_description ?? 'Material image'} className="image-preview" />
            {approval('image')}
          </>
        ) : (
          <p className="muted">No image yet.</p>
        )}
        {material.image_tmp ? (
          <figure className="image-candidate">
            <img src={material.image_tmp} alt="Candidate image" className="image-preview" />
            <figcaption className="muted small">Candidate, not uploaded yet (Upload candidate image stores it).</figcaption>
          </figure>
        ) : null}
        <UploadForm kind="image" material={material} onUploaded={onUploaded} />
      </section>

      <section className="panel" aria-labelledby="jobs-heading">
        <h3 id="jobs-heading">Generate</h3>
        {actionError ? (
          <p role="alert" className="notice notice-error">
            {actionError}
          </p>
        ) : null}
        <ul className="job-list" aria-live="polite">
          {JOB_ACTIONS.map((a) => (
            <li key={a.id} className="job-row">
              <Button size="sm" onClick={() => run(a.id)} disabled={sending !== null}>
                {sending === a.id ? 'Requesting…' : a.label}
              </Button>
              <span className="job-state" data-action={a.id}>
                <JobStatus job={latest.get(a.id)} requested={isAwaiting(a.id)} />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
