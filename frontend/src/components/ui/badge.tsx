import type { HTMLAttributes } from 'react';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: 'neutral' | 'accent' | 'alert' | 'success';
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`} {...props} />;
}
