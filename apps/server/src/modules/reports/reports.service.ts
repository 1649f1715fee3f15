/** What the reports module offers other modules (the dashboard): the traffic forecast and its backtest. */
export { type Backtest, backtest, type DailyPoint, type ForecastPoint, forecast } from './forecast.ts';
