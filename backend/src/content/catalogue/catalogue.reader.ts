import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { MaterialKind } from '../material/material.events';
import { MaterialSnapshot, getMaterial } from '../material/material.aggregate';

/** Reads of the catalogue for other contexts (the study engine queries the `materials` table directly). */
@Injectable()
export class CatalogueReader {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The current state of a material (the fold of its events) with its version and admin-edited fields, or null. */
  getMaterial(type: MaterialKind, id: number): Promise<MaterialSnapshot | null> {
    return getMaterial(this.pool, type, id);
  }
}
