import { settingsSchema } from '../../../../contract/accounts';
import type { SettingsPatch } from '../../../../contract/accounts.requests';
import { api, noContent } from '../../lib/api';

export const settingsApi = {
  update: (partial: SettingsPatch) => api.patch('/api/users/settings', partial, settingsSchema),
  changePassword: (body: { current_password: string; new_password: string }) => api.post('/api/users/password', body, noContent),
  deleteAccount: (body: { password: string }) => api.delete('/api/users/me', body, noContent),
};
