// The admin context's public surface: other contexts import from here, never from its folders.
export { AdminModule, ADMIN_MEDIA_MODULE } from './admin.module';
