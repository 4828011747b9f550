import * as z from 'zod/mini';
import { api, noContent } from '../../lib/api';
import { settingsSchema, type Settings } from '../../lib/profile';

export const settingsApi = {
  update: (partial: Partial<Settings>) => api.patch('/api/users/settings', partial, z.partial(settingsSchema)),
  changePassword: (body: { current_password: string; new_password: string }) => api.post('/api/users/password', body, noContent),
  deleteAccount: (body: { password: string }) => api.delete('/api/users/me', body, noContent),
};
