/**
 * Drifting answers per Brand Truth statement (migration 0026): per engine, topic (`*` adds up every topic; answers
 * without a topic only there), period (a day in drift_days, a month in drift_months) and statement key (a hash of
 * the statement's normalised text), the answers the judge found contradicting it (`drift`) or partly (`partial`),
 * and the distinct prompts behind them (prompt numbers, as the source rows hold them).
 */
interface DriftPeriodRow {
  project_id: string;
  engine_id: string;
  topic_id: string;
  period: string;
  key: string;
  drift: number;
  partial: number;
  prompts: string;
}

export interface DriftTables {
  drift_days: DriftPeriodRow;
  drift_months: DriftPeriodRow;
  /** The judge's summary of the top ten actions (`ids`, a JSON array in rank order) it was written for. */
  action_summaries: { project_id: string; ids: string; text: string; model: string; generated_at: string };
}
