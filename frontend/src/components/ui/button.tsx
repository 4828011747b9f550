import type { AnchorHTMLAttributes, ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

function classes(variant: ButtonVariant, size: 'md' | 'lg' | 'sm', extra?: string) {
  return ['btn', `btn-${variant}`, size !== 'md' ? `btn-${size}` : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: 'md' | 'lg' | 'sm';
}

export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={classes(variant, size, className)} {...props} />;
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'lg' | 'sm';
}

/** A plain link styled as a button, for full-page navigations (/billing/portal, mailto:). */
export function ButtonLink({ variant = 'secondary', size = 'md', className, ...props }: ButtonLinkProps) {
  return <a className={classes(variant, size, className)} {...props} />;
}

export function buttonClass(variant: ButtonVariant = 'secondary', size: 'md' | 'lg' | 'sm' = 'md') {
  return classes(variant, size);
}
