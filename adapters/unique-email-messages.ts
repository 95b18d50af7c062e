/** What a repository of records keyed by user id, with e-mails unique whatever their case, says when refusing. */
export interface UniqueEmailMessages {
  uidTaken: string;
  emailTaken: string;
  notFound: string;
}

/** The admins' repositories' refusals, the same in every adapter. */
export const ADMIN_MESSAGES: UniqueEmailMessages = {
  uidTaken: 'An admin with this user id already exists',
  emailTaken: 'An admin with this e-mail already exists',
  notFound: 'Admin not found',
};

/** The local credentials' repositories' refusals. */
export const CREDENTIAL_MESSAGES: UniqueEmailMessages = {
  uidTaken: 'A user with this user id already exists',
  emailTaken: 'A user with this e-mail already exists',
  notFound: 'User not found',
};
