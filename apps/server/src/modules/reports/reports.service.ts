/** What the reports module offers other modules: the traffic forecast and its backtest (the dashboard), the finance report (exports). */
export { financeReport, financeScope } from './finance.service.ts';
export { type Backtest, backtest, type DailyPoint, type ForecastPoint, forecast } from './forecast.ts';
