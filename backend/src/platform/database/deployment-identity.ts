import { Queryable } from './database';

/** The deployment's id (migration 041): one per database, made when the database was first migrated. */
export async function readDeploymentId(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id::text as id from deployment_identity');
  if (!rows.length) throw new Error('deployment_identity is empty: run the migrations (npm run cli -- db:migrate).');
  return rows[0].id;
}
