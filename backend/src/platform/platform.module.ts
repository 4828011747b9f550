import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from './config/config';
import { DatabaseModule } from './database/database.module';
import { GetApiDocsHandler } from './api-docs/api-docs.handler';
import { ApiDocsHttp } from './api-docs/api-docs.http';
import { GetHealthHandler } from './health/health.handler';
import { HealthHttp } from './health/health.http';
import { HealthReports } from './health/health-reports';
import { ProblemFilter } from './http/problem.filter';
import { ProjectionRunnerService } from './projections/projection-runner.service';
import { ProjectionsModule } from './projections/projections.module';
import { QueueModule } from './queue/queue.module';
import { MetricsService } from './metrics/metrics.service';
import { CountCommittedEvents } from './metrics/count-committed-events.handler';
import { CommittedEventsPublisher } from './event-store/committed-events.publisher';

@Module({})
export class PlatformModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [DatabaseModule.forConfig(config), QueueModule, ProjectionsModule, CqrsModule.forRoot()],
      controllers: [HealthHttp, ApiDocsHttp],
      providers: [
        { provide: APP_FILTER, useClass: ProblemFilter },
        ProjectionRunnerService,
        MetricsService,
        CommittedEventsPublisher,
        CountCommittedEvents,
        GetHealthHandler,
        HealthReports,
        GetApiDocsHandler,
      ],
      exports: [DatabaseModule, QueueModule, ProjectionsModule, CqrsModule, MetricsService, HealthReports],
    };
  }
}
