// What's new (SPEC §1). Opening the page marks the updates as read and clears the badge.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { updatesReadAnswerSchema } from '../../../../contract/accounts';
import { api } from '../../lib/api';
import type { Profile } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';

export const UPDATES: Array<{ title: string; body: string }> = [
  {
    title: 'The vocab course is in beta',
    body: 'Almost 10,000 words in sentence context, over 9 levels. It can be learned audio-only: choose the Audio prompt in Settings.',
  },
  {
    title: 'Intermediate cards hide the sentence context at first',
    body: 'Once a card reaches Intermediate, its context stays hidden until you press "Show context", so you recall the word from the sentence alone.',
  },
  {
    title: 'No falling back to Learning',
    body: 'An Intermediate or Mastered card never drops back to Learning. A Mastered card you miss drops to Intermediate.',
  },
  {
    title: 'New cards start unflipped',
    body: 'Try to recall each new card before flipping it. If you already know it, press "I already know it" and it waits 29 days.',
  },
];


export function UpdatesPage() {
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: () => api.post('/api/users/updates_read', {}, updatesReadAnswerSchema),
    onMutate: () => {
      const profile = queryClient.getQueryData<Profile>(queryKeys.profile);
      if (profile) queryClient.setQueryData<Profile>(queryKeys.profile, { ...profile, updates_unread: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
  const { mutate } = markRead;
  useEffect(() => {
    mutate();
  }, [mutate]);

  return (
    <ol className="updates">
      {UPDATES.map((update) => (
        <li key={update.title} className="panel update">
          <h2>{update.title}</h2>
          <p>{update.body}</p>
        </li>
      ))}
    </ol>
  );
}
