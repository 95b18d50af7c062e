import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { Field } from '../../../components/ui/field';
import { bindField } from '../../../lib/form-rules';

/** The contact fields buying a membership confirms, with My details' rule (their messages as the form's). */
export interface ContactFieldsValues {
  phone: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
}

/** The phone and emergency contact, as the renewal page and the Join page ask them, under `idPrefix` (`renew-phone`…). */
export function ContactFields<V extends FieldValues & ContactFieldsValues>({ form, idPrefix }: { form: UseFormReturn<V>; idPrefix: string }) {
  const { errors } = form.formState;
  const field = (name: keyof ContactFieldsValues, label: string, type: 'tel' | 'text', autoComplete: string) => {
    const error = errors[name]?.message;
    return (
      <Field id={`${idPrefix}-${name}`} label={label} error={typeof error === 'string' ? error : undefined}>
        <input type={type} className="input" autoComplete={autoComplete} {...bindField(form, name as Path<V>, { clear: true })} />
      </Field>
    );
  };
  return (
    <>
      {field('phone', 'Your phone (optional)', 'tel', 'tel')}
      {field('emergencyContactName', 'Emergency contact’s name (optional)', 'text', 'off')}
      {field('emergencyContactPhone', 'Emergency contact’s phone (optional)', 'tel', 'off')}
    </>
  );
}

/** The form fields the ticks are bound to. */
export interface MembershipTermsValues {
  accept: boolean;
  pledge: boolean;
}

/**
 * The ticks buying a membership asks for (docs/membership.md): the club's rules and privacy notice
 * accepted, and, for a category that expects duties, the pledge to do them; each with its message.
 * The renewal page's and the Join page's, bound to their form under `idPrefix` (`renew-accept`…).
 */
export function MembershipTerms<V extends FieldValues & MembershipTermsValues>({
  form,
  idPrefix,
  duties,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  duties: number;
}) {
  const { errors } = form.formState;
  const tick = (name: 'accept' | 'pledge', label: ReactNode) => {
    const error = errors[name]?.message;
    const id = `${idPrefix}-${name}`;
    return (
      <>
        <div className="check-row">
          <input
            id={id}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register(name as Path<V>)}
          />
          <label htmlFor={id}>{label}</label>
        </div>
        {typeof error === 'string' && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </>
    );
  };
  return (
    <>
      {tick(
        'accept',
        <>
          I accept the club’s rules and <Link to={PATHS.privacy}>privacy notice</Link>
        </>,
      )}
      {duties > 0 && tick('pledge', `I pledge to do ${duties} ${duties === 1 ? 'duty' : 'duties'} this membership year`)}
    </>
  );
}
