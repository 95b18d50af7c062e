import { builder } from '../entities';

/**
 * The public booking form as a member sends it (every field a string, as the form has them): two
 * places for Ada Lovelace, ada@example.org, nothing extra. A test overrides the fields it is about.
 */
export const aBookingForm = builder({
  firstName: 'Ada',
  lastName: 'Lovelace',
  numberAttending: '2',
  numberOfChildren: '',
  numberOfSoftDrinks: '',
  numberOfVegetarian: '',
  boatName: '',
  email: 'ada@example.org',
});
