/*
 * Built the gap rows (kinds `b` and `c`) of the source summaries. Superseded by 0008, which keeps those counts in
 * columns of the domain rows and rebuilds the source summaries from the answers; kept so that a database that
 * applied it still matches the list of migrations.
 */
export async function up(): Promise<void> {}
