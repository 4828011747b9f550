import multipart from '@fastify/multipart';
import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AccountsModule } from '../accounts';
import { CARD_MEDIA_MODULE } from '../media';
import { GetHistoryHandler } from './history/history.handler';
import { HistoryHttp } from './history/history.http';
import { HistoryQuery } from './history/history.query';
import { GetAdminKanjiHandler, ListAdminKanjiHandler } from './kanji/admin-kanji.handler';
import { AdminKanjiHttp } from './kanji/admin-kanji.http';
import { EditMaterialHandler } from './materials/edit-material/edit-material.handler';
import { EditMaterialHttp } from './materials/edit-material/edit-material.http';
import { GetMaterialHandler } from './materials/get-material/get-material.handler';
import { GetMaterialHttp } from './materials/get-material/get-material.http';
import { ListMaterialsHandler } from './materials/list-materials/list-materials.handler';
import { ListMaterialsHttp } from './materials/list-materials/list-materials.http';
import { MaterialReader } from './materials/material-reader';
import { RequestActionsHandler } from './materials/request-actions/request-actions.handler';
import { RequestActionsHttp } from './materials/request-actions/request-actions.http';
import { UploadAudioHandler, UploadImageHandler } from './materials/upload-image/upload-image.handler';
import { UploadImageHttp } from './materials/upload-image/upload-image.http';
import { GetAdminUserHandler, GetAdminUsersHandler } from './users/admin-users.handler';
import { AdminUsersHttp } from './users/admin-users.http';
import { AdminUsersQuery } from './users/admin-users.query';

/**
 * The app's media module (media's CARD_MEDIA_MODULE: job results land on the card, the system voice runs in the
 * workers). The app imports it through AdminModule only, so there is one media queue and one worker.
 */
export const ADMIN_MEDIA_MODULE = CARD_MEDIA_MODULE;

/**
 * Admin API (SPEC §2 admin app, §7): materials (list, detail, edit, image upload, media actions), kanji, users
 * and the history of any stream or person. The global AuthGuard already lets only admins reach /api/admin/*.
 */
@Module({
  imports: [ADMIN_MEDIA_MODULE, AccountsModule],
  controllers: [
    ListMaterialsHttp,
    GetMaterialHttp,
    EditMaterialHttp,
    UploadImageHttp,
    RequestActionsHttp,
    AdminKanjiHttp,
    AdminUsersHttp,
    HistoryHttp,
  ],
  providers: [
    MaterialReader,
    AdminUsersQuery,
    HistoryQuery,
    // Command and query handlers: the controllers reach them through the CommandBus and the QueryBus.
    ListMaterialsHandler,
    GetMaterialHandler,
    EditMaterialHandler,
    UploadImageHandler,
    UploadAudioHandler,
    RequestActionsHandler,
    ListAdminKanjiHandler,
    GetAdminKanjiHandler,
    GetAdminUsersHandler,
    GetAdminUserHandler,
    GetHistoryHandler,
  ],
  exports: [ADMIN_MEDIA_MODULE],
})
export class AdminModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * Multipart bodies (the image upload) are parsed by @fastify/multipart; it only marks the request, the
   * upload route reads the parts itself with its own limits. No HTTP adapter in the worker and the CLI.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify || typeof fastify.register !== 'function' || fastify.hasContentTypeParser('multipart/form-data')) return;
    void fastify.register(multipart);
  }
}
