/* The officer's page's phone numbers: each a tel: link, so tapped on a phone it rings. */

/** A phone number the officer taps to ring (tel: keeps only + and digits). */
export function Phone({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/[^+0-9]/g, '')}`}>{number}</a>;
}

/** A person's phone and emergency contact as the member list holds them; nothing when it holds none. */
export function Contact({
  phone,
  emergencyContactName,
  emergencyContactPhone,
}: {
  phone?: string | null;
  emergencyContactName?: string | null;
  emergencyContactPhone?: string | null;
}) {
  return (
    <>
      {phone && (
        <>
          {' '}
          <Phone number={phone} />
        </>
      )}
      {emergencyContactName && (
        <>
          {' '}
          (emergency: {emergencyContactName}
          {emergencyContactPhone && (
            <>
              {' '}
              <Phone number={emergencyContactPhone} />
            </>
          )}
          )
        </>
      )}
    </>
  );
}
