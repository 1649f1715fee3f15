/** What the reports module offers other modules: the traffic forecast and its backtest (the dashboard), the reports exports build files of. */

/** The reports and their query checks (which read nothing), for their exports (decision 0026). */
export { comparativeAnalysis, comparativeScope } from './comparative.service.ts';
export { financeReport, financeScope } from './finance.service.ts';
export { type Backtest, backtest, type DailyPoint, type ForecastPoint, forecast } from './forecast.ts';
export { logisticReport, logisticScope } from './logistic.service.ts';
