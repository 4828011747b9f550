// Test helper (not used by the app).
import type { AppError } from '../../platform/errors/app-error';

/** The error a promise rejects with (the test fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected an error');
}
