import { Projection } from '../platform/projections/projection';
import { activityProjection } from './activity/activity.projection';
import { awardsProjection } from './awards/awards.projection';
import { levelsProjection } from './levels/levels.projection';

/** The study read models, in the ProjectionRegistry (runner, CLI rebuild, health). */
export const PROGRESS_PROJECTIONS: readonly Projection[] = [levelsProjection, activityProjection, awardsProjection];
