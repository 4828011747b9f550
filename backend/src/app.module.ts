import { DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from './accounts';
import { BillingModule } from './billing';
import { ContentModule } from './content';
import { AppConfig } from './platform/config/config';
import { PlatformModule } from './platform/platform.module';
import { ProgressModule } from './progress';
import { StudyModule } from './study';

/** The whole application: the platform plus every bounded context. */
@Module({})
export class AppModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forConfig(config), AccountsModule, BillingModule, ContentModule, StudyModule, ProgressModule],
    };
  }
}
