import { DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from './accounts';
import { AdminModule } from './admin';
import { BillingModule } from './billing';
import { ContentModule } from './content';
import { AppConfig } from './platform/config/config';
import { PlatformModule } from './platform/platform.module';
import { ProgressModule } from './progress';
import { ReaderModule } from './reader';
import { StudyModule } from './study';

/**
 * The whole application: the platform plus every bounded context. AdminModule brings MediaModule with the admin's
 * material port (MediaModule.withMaterialPort): import it there only, or there would be two media queues/workers.
 */
@Module({})
export class AppModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forConfig(config), AccountsModule, BillingModule, ContentModule, StudyModule, ProgressModule, ReaderModule, AdminModule],
    };
  }
}
