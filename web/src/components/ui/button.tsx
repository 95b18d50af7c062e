import { forwardRef, type ButtonHTMLAttributes } from 'react';

/** 'light': on a dark bar (the admin header). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'light';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** 'small' for buttons in a table row or beside a heading. */
  size?: 'small';
  /** As wide as its container (phone-width forms). */
  block?: boolean;
}

/** A button styled by variant; `type` defaults to "button" so it never submits a form by surprise. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size, block, type = 'button', className, ...rest },
  ref,
) {
  const classes = ['btn', `btn-${variant}`, size && `btn-${size}`, block && 'btn-block', className].filter(Boolean).join(' ');
  return <button ref={ref} type={type} className={classes} {...rest} />;
});
