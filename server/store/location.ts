/** A database location is a postgres:// (or postgresql://) URL, or else the path of an SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/** The location as it may be printed: a URL's password hidden. */
export function redactLocation(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const u = new URL(location);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return location.replace(/(:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
  }
}
