// How the calendar says a time: the person's locale decides (8:00 AM in the US, 08:00 in
// the UK), the same for a chip, a free slot and the hour rows beside them.
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const hourOnly = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });

/** A post's or a free slot's time: "08:00 AM", "08:00". */
export const clockTime = (at: Date): string => clock.format(at);

/** An hour row of the week: "8 AM", "08". */
export const hourLabel = (hour: number): string => hourOnly.format(new Date(2000, 0, 1, hour));
