// The Subscribe button: a real form POST to /checkout (the server redirects to the hosted checkout).
import { useQuery } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { csrfToken } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { Button, type ButtonProps } from './ui/button';

export interface SubscribeFormProps {
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}

export function SubscribeForm({ label = 'Subscribe', size = 'md', variant = 'primary', className }: SubscribeFormProps) {
  const token = useQuery({ queryKey: queryKeys.csrf, queryFn: () => csrfToken(), staleTime: Infinity, retry: false });
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (token.data) return;
    // No token yet: fetch it, then submit for real.
    event.preventDefault();
    const form = event.currentTarget;
    void csrfToken().then((value) => {
      if (input.current) input.current.value = value;
      form.submit();
    });
  };

  return (
    <form method="post" action="/checkout" className={`subscribe-form${className ? ` ${className}` : ''}`} onSubmit={submit}>
      <input ref={input} type="hidden" name="_csrf" value={token.data ?? ''} readOnly />
      <Button type="submit" variant={variant} size={size}>
        {label}
      </Button>
    </form>
  );
}
