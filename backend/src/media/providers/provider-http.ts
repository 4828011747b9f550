import { MediaJobError } from '../media-job-error';

export interface ProviderCall {
  /** how the admin knows the provider: 'VOICEVOX', 'the OpenAI-compatible API' */
  provider: string;
  /** what to check when it cannot be reached */
  hint?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function causeCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string; errors?: { code?: string }[] } };
  return e?.cause?.code ?? e?.cause?.errors?.[0]?.code ?? e?.code;
}

/**
 * fetch with a deadline, turning every way an HTTP provider can fail into a MediaJobError the admin can act
 * on: unreachable, too slow and 5xx/429 are retried; refused credentials and rejected requests are not.
 */
export async function providerFetch(url: string, init: RequestInit, call: ProviderCall): Promise<Response> {
  const signals = [AbortSignal.timeout(call.timeoutMs), ...(call.signal ? [call.signal] : [])];
  const where = `${call.provider} at ${origin(url)}`;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.any(signals) });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError') {
      throw new MediaJobError(`${where} did not answer within ${Math.round(call.timeoutMs / 1000)} s. It may be overloaded; the job will be retried.`, true);
    }
    if (name === 'AbortError') throw new MediaJobError(`The request to ${where} was cancelled.`, true);
    const code = causeCode(error);
    const cause = (error as { cause?: { message?: string } })?.cause?.message;
    const reason =
      code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'unknown host' : code === 'ECONNRESET' ? 'connection reset' : (cause ?? code ?? (error as Error)?.message ?? 'network error');
    throw new MediaJobError(`Could not reach ${where} (${reason}).${call.hint ? ` ${call.hint}` : ''}`, true);
  }
  if (response.ok) return response;
  const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 300);
  const detail = body ? `: ${body}` : '.';
  if (response.status === 401 || response.status === 403) {
    throw new MediaJobError(`${where} refused the credentials (HTTP ${response.status})${detail} Check the API key in the worker's environment.`, false);
  }
  if (response.status === 408 || response.status === 429 || response.status >= 500) {
    throw new MediaJobError(`${where} answered HTTP ${response.status}${detail} The job will be retried.`, true);
  }
  throw new MediaJobError(`${where} rejected the request (HTTP ${response.status})${detail} Check the model and settings in the worker's environment.`, false);
}

export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
