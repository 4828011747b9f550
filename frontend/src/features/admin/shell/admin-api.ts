// Admin writes. Every one carries an Idempotency-Key (DESIGN §3), so a retried request is applied once.
import { ApiError, csrfToken, NetworkError, problemSchema, request, ResponseShapeError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/retry';
import {
  actionsResponseSchema,
  materialDetailSchema,
  roleResponseSchema,
  type MaterialAction,
  type MaterialDetail,
  type MaterialType,
} from './admin-queries';

export type Version = number | string;

/** PATCH /api/admin/materials/:id with the changed fields only and the version they were based on. */
export function patchMaterial(
  id: number,
  body: { type: MaterialType; version: Version } & Record<string, unknown>,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<MaterialDetail> {
  return request(`/api/admin/materials/${id}`, materialDetailSchema, { method: 'PATCH', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/admin/materials/:id/actions: 202 once the jobs are queued (their results arrive later). */
export function requestActions(id: number, type: MaterialType, actions: readonly MaterialAction[], idempotencyKey: string = newIdempotencyKey()) {
  const map = Object.fromEntries(actions.map((a) => [a, true]));
  return request(`/api/admin/materials/${id}/actions`, actionsResponseSchema, {
    method: 'POST',
    body: { type, actions: map },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function setAdminRole(userId: string, admin: boolean) {
  return request(`/api/admin/users/${encodeURIComponent(userId)}/admin`, roleResponseSchema, {
    method: admin ? 'POST' : 'DELETE',
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}

/** Image upload (SPEC §2): the card's image, not approved yet. */
export function uploadImage(id: number, fields: { type: MaterialType; version: Version; image: File }, idempotencyKey?: string): Promise<MaterialDetail> {
  return uploadMaterialFile(id, 'image', { type: fields.type, version: fields.version, file: fields.image }, idempotencyKey);
}

/** A recording of the card's audio (issue 14): its audio_url, 'uploaded recording', not approved yet. */
export function uploadAudio(id: number, fields: { type: MaterialType; version: Version; audio: File }, idempotencyKey?: string): Promise<MaterialDetail> {
  return uploadMaterialFile(id, 'audio', { type: fields.type, version: fields.version, file: fields.audio }, idempotencyKey);
}

const TOO_LARGE: Record<'image' | 'audio', string> = {
  image: 'The image is too large to upload.',
  audio: 'The audio file is too large to upload.',
};

/**
 * A file upload (SPEC §2): a multipart form POSTed to the material's update endpoint with `_method=patch`, the
 * file in `image` or `audio`. The lib client speaks JSON only, so this one request is sent by hand with the same
 * CSRF and error handling.
 */
async function uploadMaterialFile(
  id: number,
  field: 'image' | 'audio',
  fields: { type: MaterialType; version: Version; file: File },
  idempotencyKey: string = newIdempotencyKey(),
  csrfRetried = false,
): Promise<MaterialDetail> {
  const form = new FormData();
  form.append('_method', 'patch');
  form.append('type', fields.type);
  form.append('version', String(fields.version));
  form.append(field, fields.file, fields.file.name);
  const path = `/api/admin/materials/${id}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json, application/problem+json',
        'X-XSRF-TOKEN': await csrfToken(csrfRetried),
        'Idempotency-Key': idempotencyKey,
      },
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error);
  }

  const raw = await response.text();
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : undefined;
  } catch {
    data = undefined;
  }

  if (!response.ok) {
    const parsed = problemSchema.safeParse(data);
    const problem = parsed.success ? parsed.data : {};
    if (response.status === 403 && !csrfRetried && /csrf/i.test(problem.code ?? '')) return uploadMaterialFile(id, field, fields, idempotencyKey, true);
    // A proxy in front of the API may refuse a large body without a problem document.
    const fallback = response.status === 413 ? TOO_LARGE[field] : `The upload failed (${response.status}).`;
    throw new ApiError(response.status, problem.detail ?? problem.title ?? fallback, problem);
  }

  const result = materialDetailSchema.safeParse(data);
  if (!result.success) {
    console.error(`Unexpected response shape from POST ${path}`, result.error.issues);
    throw new ResponseShapeError(path, result.error.issues);
  }
  return result.data;
}
