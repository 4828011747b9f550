import { Injectable } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import { Projection } from './projection';

/** Each context registers its projections here; the runner, the CLI and /api/health read the list. */
@Injectable()
export class ProjectionRegistry {
  private readonly byName = new Map<string, Projection>();

  register(projection: Projection): void {
    if (this.byName.has(projection.name)) throw new Error(`Projection ${projection.name} registered twice`);
    this.byName.set(projection.name, projection);
  }

  all(): Projection[] {
    return [...this.byName.values()];
  }

  get(name: string): Projection {
    const found = this.byName.get(name);
    if (!found) {
      // An operator's typo: a plain message (the CLI prints AppErrors without a stack), naming the known ones.
      throw new AppError('not_found', `Unknown projection "${name}". Known: ${[...this.byName.keys()].join(', ') || 'none'}.`);
    }
    return found;
  }
}
