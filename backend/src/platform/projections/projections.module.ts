import { Global, Module } from '@nestjs/common';
import { ProjectionRegistry } from './projection-registry';

@Global()
@Module({ providers: [ProjectionRegistry], exports: [ProjectionRegistry] })
export class ProjectionsModule {}
