/**
 * A job failure with a message written for the admin who asked for the action. `retryable: false` fails the
 * job at once (BullMQ UnrecoverableError): retrying cannot help when nothing is configured or the material
 * lacks what the action needs.
 */
export class MediaJobError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MediaJobError';
  }
}

export function notConfigured(action: string): MediaJobError {
  return new MediaJobError(`No provider configured for ${action}`, false);
}

export function missingInput(message: string): MediaJobError {
  return new MediaJobError(message, false);
}
