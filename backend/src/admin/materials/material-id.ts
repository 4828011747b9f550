import { PipeTransform } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error';

/** A material id in the path: a positive 32-bit integer, else 404 (there is nothing at that address). */
export const materialIdPipe: PipeTransform<string, number> = {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new AppError('not_found', `There is no material ${String(value).slice(0, 40)}.`);
    return id;
  },
};
