/** What the reports module offers other modules: the traffic forecast and its backtest (the dashboard), the reports exports build files of. */

/** The comparative analysis and the logistic report, for their exports (issue 15). */
export { comparativeAnalysis } from './comparative.service.ts';
export { financeReport, financeScope } from './finance.service.ts';
export { type Backtest, backtest, type DailyPoint, type ForecastPoint, forecast } from './forecast.ts';
export { logisticReport } from './logistic.service.ts';
